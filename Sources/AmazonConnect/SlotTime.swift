import Foundation

/// A TimePicker slot's date (`2025-06-13T16:00+00:00`, with or without seconds) as people read it,
/// in their own time zone and locale: `Fri 13 Jun, 16:00`. The slot still sends its date as given.
enum SlotTime {
    /// The slot's date for display, or `iso` itself when it is not a date this reads.
    static func display(_ iso: String, timeZone: TimeZone = .current, locale: Locale = .current) -> String {
        guard let date = parse(iso) else { return iso }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEdMMMjjmm")
        return formatter.string(from: date)
    }

    /// Reads an ISO 8601 date and time with an offset or `Z`, with or without seconds and fractions.
    /// (Not with `DateFormatter.date(from:)`: swift-corelibs-foundation leaks a character set on each
    /// call, found by fuzzing.)
    static func parse(_ iso: String) -> Date? {
        var bytes = Array(iso.utf8)
        // `2025-06-13T16:00+00:00`: the ISO 8601 style wants seconds.
        if bytes.count > 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] != UInt8(ascii: ":") {
            bytes.insert(contentsOf: Array(":00".utf8), at: 16)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}
