import Foundation

/// Turns a TOML syntax error into one line that names the file and line and says what to fix.
enum TOMLErrorText {
    /// The error for TOMLKit's `reason` at `line` (1-based; 0 when it gave none) of `text`.
    static func error(_ reason: String, line: Int, text: String, file: String) -> ConfigError {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let number = line > 0 ? line : guessLine(lines)
        let source = number >= 1 && number <= lines.count
            ? stripComment(String(lines[number - 1])).trimmingCharacters(in: .whitespaces) : ""
        let detail = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        let message: String
        if source.hasPrefix("[") {
            message = "cannot read the table header \(source) (tables are [profiles.NAME]): \(detail)"
        } else if let equals = source.firstIndex(of: "=") {
            let key = source[..<equals].trimmingCharacters(in: .whitespaces)
            if let (path, rest) = TOMLKeyLocator.keyPath(Substring(key)), rest.isEmpty, !path.isEmpty {
                // Decided on the file, not on the parser's wording: did an earlier line set this key?
                if TOMLKeyLocator(text).repeatedKeyLines.contains(number) {
                    message = "'\(key)' is set twice: \(detail)"
                } else {
                    message = "cannot read the value of '\(key)' (strings need \"quotes\"): \(detail)"
                }
            } else {
                message = "'\(key)' is not a valid key: \(detail)"
            }
        } else if source.isEmpty {
            message = detail
        } else {
            message = "expected key = value: \(detail)"
        }
        return ConfigError("\(file):\(max(1, number)): \(message)")
    }

    /// Without a line from the parser: the last line that is not blank or a comment.
    private static func guessLine(_ lines: [Substring]) -> Int {
        let last = lines.lastIndex { !stripComment(String($0)).trimmingCharacters(in: .whitespaces).isEmpty }
        return (last ?? 0) + 1
    }

    /// Removes a `#` comment that is not inside a string.
    static func stripComment(_ line: String) -> String {
        var quote: Character?
        var escaped = false
        for (offset, char) in line.enumerated() {
            if escaped { escaped = false; continue }
            if char == "\\" && quote == "\"" { escaped = true; continue }
            if char == "\"" || char == "'" {
                if quote == nil { quote = char } else if quote == char { quote = nil }
            }
            if char == "#" && quote == nil { return String(line.prefix(offset)) }
        }
        return line
    }
}
