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
        var needsWork = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { needsWork = true; break }
            if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { needsWork = true; break }
            previous = byte
        }
        guard needsWork else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// `text` with tabs turned into spaces and CR/LF into spaces (for single-line inline text).
    static func flattenWhitespace(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
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
