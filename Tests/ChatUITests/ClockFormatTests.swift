import Foundation
import Testing
@testable import ChatUI

/// The message header's clock: the formatter's own arithmetic agrees with the calendar's, in zones
/// with daylight saving and half- and quarter-hour offsets, around the changes and far from 1970.
@Suite struct ClockFormatTests {
    static let zones = [
        "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/St_Johns", "Pacific/Kiritimati", "America/Sao_Paulo",
    ]

    /// What the calendar says, written out the long way.
    static func expected(_ date: Date, _ zone: TimeZone, seconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        let parts = [c.hour ?? -1, c.minute ?? -1] + (seconds ? [c.second ?? -1] : [])
        return parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    @Test("clock and clockWithSeconds match the calendar", arguments: zones)
    func matchesTheCalendar(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        let formatter = TranscriptFormatter(palette: .standard, theme: .default, timeZone: zone)
        var random = SystemRandomNumberGenerator()
        var dates = (0..<1500).map { _ in Date(timeIntervalSince1970: Double.random(in: 0...4_102_444_800, using: &random)) }
        // Every quarter hour across both daylight-saving changes of 2026, and just before midnight.
        var moment = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC
        while let next = zone.nextDaylightSavingTimeTransition(after: moment), next.timeIntervalSince1970 < 1_798_761_600 {
            dates += stride(from: -7200.0, through: 7200, by: 900).map { next.addingTimeInterval($0) }
            dates += [next.addingTimeInterval(-0.5), next.addingTimeInterval(-1), next]
            moment = next
        }
        dates += [Date(timeIntervalSince1970: 86_399.9), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 1_800_000_000.999)]
        for date in dates {
            #expect(formatter.clock(date) == Self.expected(date, zone, seconds: false), "\(name) \(date.timeIntervalSince1970)")
            #expect(formatter.clockWithSeconds(date) == Self.expected(date, zone, seconds: true), "\(name) \(date.timeIntervalSince1970)")
        }
    }
}
