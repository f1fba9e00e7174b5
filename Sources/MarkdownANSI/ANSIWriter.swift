/// Serializes styled lines to text with minimal SGR transitions (and optional OSC 8 hyperlinks).
public enum ANSIWriter {
    private static let escape = "\u{1B}["

    /// SGR text for lines joined by "\n"; `.none` emits no colour but keeps bold/underline
    /// unless `plain` is true (then no escape sequences at all). `hyperlinks` emits OSC 8.
    public static func string(_ lines: [StyledLine], mode: ColorMode, hyperlinks: Bool = false, plain: Bool = false) -> String {
        var output = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { output += "\n" }
            if plain {
                for span in line.spans { output += span.text }
            } else {
                write(line, mode: mode, hyperlinks: hyperlinks, into: &output)
            }
        }
        return output
    }

    /// Appends one line, resetting every attribute and closing any hyperlink at its end.
    private static func write(_ line: StyledLine, mode: ColorMode, hyperlinks: Bool, into output: inout String) {
        var current = TextStyle.plain
        var currentLink: String?
        for span in line.spans where !span.text.isEmpty {
            let target = resolved(span.style, mode: mode)
            if hyperlinks && span.style.link != currentLink {
                if currentLink != nil { output += "\u{1B}]8;;\u{1B}\\" }
                if let url = span.style.link { output += "\u{1B}]8;;" + oscSafe(url) + "\u{1B}\\" }
                currentLink = span.style.link
            }
            transition(from: current, to: target, mode: mode, into: &output)
            current = target
            output += span.text
        }
        if currentLink != nil { output += "\u{1B}]8;;\u{1B}\\" }
        if current != .plain { output += escape + "0m" }
    }

    /// The style as drawn in `mode`: colours downsampled (or removed), link dropped.
    private static func resolved(_ style: TextStyle, mode: ColorMode) -> TextStyle {
        var result = style
        result.link = nil
        result.foreground = style.foreground.flatMap { ColorConversion.downsample($0, to: mode) }
        result.background = style.background.flatMap { ColorConversion.downsample($0, to: mode) }
        return result
    }

    /// Appends the shortest SGR sequence that turns `old` into `new`.
    private static func transition(from old: TextStyle, to new: TextStyle, mode: ColorMode, into output: inout String) {
        guard old != new else { return }
        var codes: [String] = []
        if new == .plain {
            output += escape + "0m"
            return
        }
        if (old.bold && !new.bold) || (old.dim && !new.dim) {
            codes.append("22")
            if new.bold { codes.append("1") }
            if new.dim { codes.append("2") }
        } else {
            if new.bold && !old.bold { codes.append("1") }
            if new.dim && !old.dim { codes.append("2") }
        }
        if old.italic != new.italic { codes.append(new.italic ? "3" : "23") }
        if old.underline != new.underline { codes.append(new.underline ? "4" : "24") }
        if old.inverse != new.inverse { codes.append(new.inverse ? "7" : "27") }
        if old.strikethrough != new.strikethrough { codes.append(new.strikethrough ? "9" : "29") }
        if old.foreground != new.foreground { codes.append(colorCode(new.foreground, background: false)) }
        if old.background != new.background { codes.append(colorCode(new.background, background: true)) }
        if !codes.isEmpty { output += escape + codes.joined(separator: ";") + "m" }
    }

    private static func colorCode(_ color: TerminalColor?, background: Bool) -> String {
        guard let color else { return background ? "49" : "39" }
        switch color {
        case .ansi(let index):
            let value = Int(index & 15)
            let base = value < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return String(base + value % 8)
        case .palette(let index):
            return (background ? "48;5;" : "38;5;") + String(index)
        case .rgb(let r, let g, let b):
            return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
        }
    }

    /// A URL with characters that could end the OSC sequence removed.
    private static func oscSafe(_ url: String) -> String {
        String(url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
