import Foundation

/// Formats and parses the Participant Service's `yyyy-MM-ddTHH:mm:ss.SSSZ` timestamps.
enum ConnectTime {
    /// Formats milliseconds since 1970 as `2025-06-12T14:03:52.640Z` (always 3-digit ms, UTC).
    ///
    /// Digits are written by hand: `String(format:)` opened a file on every call, and a streamed
    /// reply stamps every chunk.
    static func string(millis: Int64) -> String {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let ms = Int(millis - seconds * 1000)
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var text = ""
        text.reserveCapacity(24)
        append(Int(parts.tm_year) + 1900, width: 4, to: &text)
        text += "-"
        append(Int(parts.tm_mon) + 1, width: 2, to: &text)
        text += "-"
        append(Int(parts.tm_mday), width: 2, to: &text)
        text += "T"
        append(Int(parts.tm_hour), width: 2, to: &text)
        text += ":"
        append(Int(parts.tm_min), width: 2, to: &text)
        text += ":"
        append(Int(parts.tm_sec), width: 2, to: &text)
        text += "."
        append(ms, width: 3, to: &text)
        text += "Z"
        return text
    }

    /// Appends `value` in decimal, zero-padded to `width` characters counting a minus sign (`%0*d`).
    private static func append(_ value: Int, width: Int, to text: inout String) {
        let digits = String(value.magnitude)
        if value < 0 { text += "-" }
        let padding = width - digits.utf8.count - (value < 0 ? 1 : 0)
        if padding > 0 { text += String(repeating: "0", count: padding) }
        text += digits
    }

    /// Formats a date (truncated to the millisecond).
    static func string(_ date: Date) -> String {
        string(millis: millis(date))
    }

    /// Milliseconds since 1970 of a date (nearest, so parsed `.640Z` stays 640 despite binary floating point).
    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// Parses an ISO-8601 UTC time with or without fractional seconds; nil when malformed.
    static func parseMillis(_ text: String) -> Int64? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        if let date = try? withFraction.parse(text) {
            return millis(date)
        }
        if let date = try? Date.ISO8601FormatStyle().parse(text) {
            return millis(date)
        }
        return nil
    }
}

/// Milliseconds as a Swift `Duration`.
extension Duration {
    /// The duration in whole milliseconds.
    var wholeMilliseconds: Int64 {
        let parts = components
        return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
    }
}
