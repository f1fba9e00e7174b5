/// Splits code block text into display lines (tabs expanded to 4-column stops).
enum CodeLines {
    /// Lines of `literal` without the trailing newline, tabs expanded.
    static func split(_ literal: String) -> [String] {
        var source = literal
        var lines: [String] = source.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            var hasTab = false
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte == 0x09 { hasTab = true }
                guard byte == 0x0A else { continue }
                lines.append(line(bytes, from: start, to: index, hasTab: hasTab))
                start = index + 1
                hasTab = false
            }
            lines.append(line(bytes, from: start, to: bytes.count, hasTab: hasTab))
            return lines
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// One line of `bytes` (a trailing CR dropped, tabs expanded when there are any).
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, hasTab: Bool) -> String {
        var end = end
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return hasTab ? expandTabs(text) : text
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
