/// One terminal row of styled spans.
public struct StyledLine: Sendable, Hashable {
    /// The spans, left to right.
    public var spans: [StyledSpan]

    /// Creates a line from spans.
    public init(_ spans: [StyledSpan] = []) {
        self.spans = spans
    }

    /// Width in terminal columns, measured with `TerminalWidth`.
    public var width: Int {
        var total = 0
        for span in spans { total += TerminalWidth.of(span.text) }
        return total
    }

    /// The text of all spans without styling.
    public var plainText: String {
        if spans.count == 1 { return spans[0].text }
        var result = ""
        for span in spans { result += span.text }
        return result
    }
}
