import ChatModel
import Foundation
import Testing

@testable import ChatUI
@testable import TerminalRuntime

@Suite("Main loop wake-ups")
struct WakeScheduleTests {
    /// 10:00:20 UTC on the fixture day.
    static let now = Date(timeIntervalSince1970: 1_800_000_000 - 1_800_000_000.truncatingRemainder(dividingBy: 60) + 20)

    @Test func idleSleepsUntilTheClockChanges() {
        let s = Fixture.state()
        let next = ChatScreen.nextWake(s, now: Self.now)
        #expect(next.timeIntervalSince(Self.now) > 39.9 && next.timeIntervalSince(Self.now) < 40.1,
                "idle: no wake-up before the clock's next minute")
    }

    @Test func typingAndCountdownWakeSooner() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.typing(Fixture.ava))], now: Self.now)
        let dots = ChatScreen.nextWake(s, now: Self.now).timeIntervalSince(Self.now)
        #expect(dots > 0 && dots <= 1.0 / 3 + 0.002, "typing dots step three times a second")
        var r = Fixture.state()
        Fixture.apply(&r, [.engine(.connection(.reconnecting(attempt: 1, nextRetryAt: Self.now.addingTimeInterval(5))))], now: Self.now)
        let countdown = ChatScreen.nextWake(r, now: Self.now.addingTimeInterval(0.4))
        #expect(abs(countdown.timeIntervalSince(Self.now) - 1.001) < 0.01, "the countdown moves each second")
    }
}
