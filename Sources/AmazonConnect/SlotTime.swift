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
    static func parse(_ iso: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in ["yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: iso) { return date }
        }
        return nil
    }
}
