import Foundation

/// `HH:MM` in a time zone (the local one unless told), as the resume notices write times.
public enum ChatClock {
    /// `date` as `HH:MM` in `timeZone`.
    public static func string(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
