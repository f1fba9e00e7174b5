/// Serializes styled lines to text with minimal SGR transitions (and optional OSC 8 hyperlinks).
public enum ANSIWriter {
    /// SGR text for lines joined by "\n"; `.none` emits no colour but keeps bold/underline
    /// unless `plain` is true (then no escape sequences at all). `hyperlinks` emits OSC 8.
    public static func string(_ lines: [StyledLine], mode: ColorMode, hyperlinks: Bool = false, plain: Bool = false) -> String {
        // Each call has its own transitions table and buffer: keeping one per process measured no
        // faster (docs/benchmarks.md, "One lock idiom").
        var transitions = SGRTransitions()
        var output = ByteOutput(capacity: lines.count * 64)
        lines.withUnsafeBufferPointer { lines in
            for index in lines.indices {
                if index > 0 { output.byte(0x0A) }
                if plain {
                    for span in lines[index].spans { output.text(span.text) }
                } else {
                    write(lines[index], mode: mode, hyperlinks: hyperlinks, transitions: &transitions, into: &output)
                }
            }
        }
        return output.string
    }

    /// Appends one line, resetting every attribute and closing any hyperlink at its end.
    private static func write(
        _ line: StyledLine, mode: ColorMode, hyperlinks: Bool, transitions: inout SGRTransitions, into output: inout ByteOutput
    ) {
        var current = DrawnStyle.plain
        var currentLink: String?
        // Borrowed through the buffer: no retain/release of each span's text and link.
        line.spans.withUnsafeBufferPointer { spans in
            for index in spans.indices where !spans[index].text.isEmpty {
                let target = DrawnStyle(spans[index].style, mode: mode)
                if hyperlinks && spans[index].style.link != currentLink {
                    if currentLink != nil { output.text("\u{1B}]8;;\u{1B}\\") }
                    if let url = spans[index].style.link { output.text("\u{1B}]8;;" + oscSafe(url) + "\u{1B}\\") }
                    currentLink = spans[index].style.link
                }
                if target.key != current.key {
                    transitions.append(from: current, to: target, into: &output)
                    current = target
                }
                output.text(spans[index].text)
            }
        }
        if currentLink != nil { output.text("\u{1B}]8;;\u{1B}\\") }
        if current.key != DrawnStyle.plain.key { output.reset() }
    }

    /// A URL with characters that could end the OSC sequence removed.
    private static func oscSafe(_ url: String) -> String {
        String(url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
