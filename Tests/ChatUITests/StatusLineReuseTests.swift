import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

/// The status bar is reused across frames while its inputs hold, and never shown stale.
@Suite("Status line reuse")
struct StatusLineReuseTests {
    @Test("typing leaves the status bar as it was; each of its inputs still changes it at once")
    func statusFollowsEveryInput() {
        var state = Fixture.state()
        state.connection = .open
        let first = Fixture.screen(state)[0]
        #expect(first.contains("connected"))
        _ = Fixture.type(&state, "hello")
        #expect(Fixture.screen(state)[0] == first)
        #expect(Fixture.screen(state).contains { $0.contains("hello") })

        state.session = SessionInfo(backend: "PolyAI", endpoint: "chat.example", me: Participant(id: "c", name: "Me", role: .customer))
        #expect(Fixture.screen(state)[0].contains("PolyAI"))
        state.partner = Fixture.ava
        #expect(Fixture.screen(state)[0].contains("Ava"))
        state.queuePosition = 3
        #expect(Fixture.screen(state)[0].contains("queue #3"))
        state.unreadCount = 2
        #expect(Fixture.screen(state)[0].contains("2 unread"))
        state.connection = .closed(reason: .byParticipant("Ava"))
        #expect(Fixture.screen(state)[0].contains("Ava ended the chat"))
        let laterMinute = Fixture.t0.addingTimeInterval(120)
        #expect(Fixture.screen(state, now: laterMinute)[0] != Fixture.screen(state)[0])
        state.size = TerminalSize(rows: 30, columns: 80)
        #expect(Fixture.screen(state)[0].count <= 80)
    }

    @Test("a reconnect countdown ticks every second")
    func countdownIsNeverReused() {
        var state = Fixture.state()
        state.connection = .reconnecting(attempt: 2, nextRetryAt: Fixture.t0.addingTimeInterval(5))
        #expect(Fixture.screen(state)[0].contains("reconnecting in 5s"))
        #expect(Fixture.screen(state, now: Fixture.t0.addingTimeInterval(1))[0].contains("reconnecting in 4s"))
    }
}
