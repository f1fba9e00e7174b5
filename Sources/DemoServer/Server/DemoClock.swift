import Foundation

/// Formats and parses the Participant Service's `yyyy-MM-ddTHH:mm:ss.SSSZ` timestamps.
enum ConnectTime {
    /// Formats milliseconds since 1970 as `2025-06-12T14:03:52.640Z` (always 3-digit ms, UTC).
    static func string(millis: Int64) -> String {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let ms = Int(millis - seconds * 1000)
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), ms)
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
