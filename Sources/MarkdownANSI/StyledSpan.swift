/// A run of text drawn in one style.
public struct StyledSpan: Sendable, Hashable {
    /// The text; never contains newlines once laid out.
    public var text: String
    /// How the text is drawn.
    public var style: TextStyle

    /// Creates a span of `text` in `style`.
    public init(_ text: String, style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}
