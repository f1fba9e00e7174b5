/// Serializes styled lines to text with minimal SGR transitions (and optional OSC 8 hyperlinks).
public enum ANSIWriter {
    /// SGR text for lines joined by "\n"; `.none` emits no colour but keeps bold/underline
    /// unless `plain` is true (then no escape sequences at all). `hyperlinks` emits OSC 8.
    public static func string(_ lines: [StyledLine], mode: ColorMode, hyperlinks: Bool = false, plain: Bool = false) -> String {
        var estimate = lines.count
        for line in lines {
            for span in line.spans { estimate += span.text.utf8.count + (plain ? 0 : 16) }
        }
        var output = ByteOutput(capacity: estimate)
        for (index, line) in lines.enumerated() {
            if index > 0 { output.byte(0x0A) }
            if plain {
                for span in line.spans { output.text(span.text) }
            } else {
                write(line, mode: mode, hyperlinks: hyperlinks, into: &output)
            }
        }
        return output.string
    }

    /// Appends one line, resetting every attribute and closing any hyperlink at its end.
    private static func write(_ line: StyledLine, mode: ColorMode, hyperlinks: Bool, into output: inout ByteOutput) {
        var current = DrawnStyle.plain
        var currentLink: String?
        for span in line.spans where !span.text.isEmpty {
            let target = DrawnStyle(span.style, mode: mode)
            if hyperlinks && span.style.link != currentLink {
                if currentLink != nil { output.text("\u{1B}]8;;\u{1B}\\") }
                if let url = span.style.link { output.text("\u{1B}]8;;" + oscSafe(url) + "\u{1B}\\") }
                currentLink = span.style.link
            }
            if target != current {
                transition(from: current, to: target, into: &output)
                current = target
            }
            output.text(span.text)
        }
        if currentLink != nil { output.text("\u{1B}]8;;\u{1B}\\") }
        if current != .plain { output.reset() }
    }

    /// Appends the shortest SGR sequence that turns `old` into `new`.
    private static func transition(from old: DrawnStyle, to new: DrawnStyle, into output: inout ByteOutput) {
        if new == .plain {
            output.reset()
            return
        }
        var writer = SGRBuilder()
        if (old.flags.bold && !new.flags.bold) || (old.flags.dim && !new.flags.dim) {
            writer.code(22, &output)
            if new.flags.bold { writer.code(1, &output) }
            if new.flags.dim { writer.code(2, &output) }
        } else {
            if new.flags.bold && !old.flags.bold { writer.code(1, &output) }
            if new.flags.dim && !old.flags.dim { writer.code(2, &output) }
        }
        if old.flags.italic != new.flags.italic { writer.code(new.flags.italic ? 3 : 23, &output) }
        if old.flags.underline != new.flags.underline { writer.code(new.flags.underline ? 4 : 24, &output) }
        if old.flags.inverse != new.flags.inverse { writer.code(new.flags.inverse ? 7 : 27, &output) }
        if old.flags.strikethrough != new.flags.strikethrough {
            writer.code(new.flags.strikethrough ? 9 : 29, &output)
        }
        if old.foreground != new.foreground { writer.color(new.foreground, background: false, &output) }
        if old.background != new.background { writer.color(new.background, background: true, &output) }
        writer.finish(&output)
    }

    /// A URL with characters that could end the OSC sequence removed.
    private static func oscSafe(_ url: String) -> String {
        String(url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
