/// Removes terminal control characters from untrusted text so no escape sequence reaches the terminal.
enum Sanitizer {
    /// Whether `value` is a C0/C1 control other than tab, newline and carriage return.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool {
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        return value >= 0x7F && value <= 0x9F
    }

    /// `text` without control characters (tab, LF and CR kept); returns the input when already clean.
    static func clean(_ text: String) -> String {
        guard ByteScan.hasControl(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// `text` with tabs turned into spaces and CR/LF into spaces (for single-line inline text).
    static func flattenWhitespace(_ text: String) -> String {
        guard ByteScan.hasLineOrTab(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\t" || character == "\n" || character == "\r" || character == "\r\n" {
                result.append(" ")
            } else {
                result.append(character)
            }
        }
        return result
    }
}
