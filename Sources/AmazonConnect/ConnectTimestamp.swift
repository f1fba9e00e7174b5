import Foundation

/// A fast parser for the one timestamp shape Amazon Connect sends: `yyyy-MM-ddTHH:mm:ss[.fff]Z` (UTC).
///
/// Returns nil for anything else, so ``ConnectTime`` falls back to `Date.ISO8601FormatStyle`;
/// for the shape it accepts (years from 1900) it yields the same `Date` as that style (a test checks this).
enum ConnectTimestamp {
    /// The instant `text` names, or nil when it is not in the fast shape.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes[bytes.count - 1] == UInt8(ascii: "Z"), bytes[4] == UInt8(ascii: "-"),
            bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
            year >= 1900, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
        var fraction = 0
        var scale = 1
        if bytes.count > 20 {
            // ".f" to ".fffffffff" before the Z.
            let count = bytes.count - 21
            guard bytes[19] == UInt8(ascii: "."), (1...9).contains(count), let value = digits(bytes, 20, count) else {
                return nil
            }
            fraction = value
            for _ in 0..<count { scale *= 10 }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        let sinceReference = Double(seconds - 978_307_200) + Double(fraction) / Double(scale)
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }

    /// The decimal value of `count` ASCII digits at `offset`.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for index in offset..<(offset + count) {
            let digit = Int(bytes[index]) - 0x30
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
