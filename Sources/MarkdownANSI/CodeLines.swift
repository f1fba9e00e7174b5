/// Splits code block text into display lines (tabs expanded to 4-column stops).
enum CodeLines {
    /// Lines of `literal` without the trailing newline, tabs expanded.
    static func split(_ literal: String) -> [String] {
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var text = String(line)
            if text.hasSuffix("\r") { text.removeLast() }
            return text.utf8.contains(0x09) ? expandTabs(text) : text
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func expandTabs(_ text: String) -> String {
        var result = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += TerminalWidth.of(character)
            }
        }
        return result
    }
}
