import ChatModel
import Foundation
import Synchronization
import Testing
@testable import TerminalUI

/// What a new user trips over in the UI logic: text typed after the end, one command table for
/// both front ends, and line mode's quiet time.
@Suite("New user: commands, the end, line mode's linger")
struct NewUserTests {
    @Test("Enter after the chat ended keeps the draft in the composer and says it was not sent")
    func draftKeptAfterTheEnd() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.open)), .engine(.connection(.closed(reason: "the chat has ended")))])
        _ = Fixture.type(&s, "are you still there?")
        let effects = Fixture.apply(&s, [.key(.enter)])
        #expect(!effects.contains { if case .send(.send) = $0 { true } else { false } }, "nothing is sent")
        #expect(s.composer.text == "are you still there?", "the draft stays")
        #expect(Fixture.screen(s).contains { $0.contains("this was not sent") }, "\(Fixture.screen(s).joined(separator: "\n"))")
    }

    @Test("/suspend and /resume work in the full-screen UI")
    func suspendAndResume() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.open))])
        _ = Fixture.type(&s, "/suspend")
        #expect(Fixture.apply(&s, [.key(.enter)]).contains { if case .send(.suspend) = $0 { true } else { false } })
        _ = Fixture.type(&s, "/resume")
        #expect(Fixture.apply(&s, [.key(.enter)]).contains { if case .send(.resume) = $0 { true } else { false } })
        #expect(!Fixture.screen(s).contains { $0.contains("Unknown command") })
    }

    @Test("one table: both front ends read a line the same way")
    func oneParser() {
        #expect(SlashCommand.parse("/suspend") == .command(.suspend, argument: ""))
        #expect(SlashCommand.parse("  /pick 2 ") == .command(.pick, argument: "2"))
        #expect(SlashCommand.parse("/q") == .command(.quit, argument: ""))
        #expect(SlashCommand.parse("/nope x") == .unknown("/nope"))
        #expect(SlashCommand.parse("//etc/hosts") == .message("/etc/hosts"))
        #expect(SlashCommand.parse("hello") == .message("hello"))
        #expect(SlashCommand.suspend.worksInLineMode && SlashCommand.resume.worksInLineMode)
        #expect(PlainMode.lineModeCommands.contains("/suspend"))
    }

    @Test("a failing deep heartbeat shows in the status bar and the diagnostics pane")
    func deepHeartbeatFailureIsShown() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.open))])
        #expect(!Fixture.screen(s)[0].contains("not answering"))
        Fixture.apply(&s, [.engine(.diagnostics(ConnectionDiagnostics(deepHeartbeatFailure: "aws/ping answered 500")))])
        #expect(Fixture.screen(s)[0].contains("service not answering"), "\(Fixture.screen(s)[0])")
        Fixture.apply(&s, [.key(.function(2))])
        #expect(Fixture.screen(s).contains { $0.contains("deep heartbeat failing: aws/ping answered 500") },
                "\(Fixture.screen(s).joined(separator: "\n"))")
    }

    @Test("the status bar and the composer say who ended the chat")
    func whoEndedTheChat() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.open)), .engine(.connection(.closed(reason: "Ava ended the chat")))])
        let screen = Fixture.screen(s)
        #expect(screen[0].contains("■ Ava ended the chat"), "\(screen[0])")
        #expect(screen.last?.contains("Ava ended the chat — /new") == true, "\(screen.joined(separator: "\n"))")
    }

    /// A clock the test moves.
    final class TestClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ by: Duration) { instant.withLock { $0 += by } }
    }

    @Test("heartbeat diagnostics do not reset linger's quiet time")
    func diagnosticsAreNotActivity() async {
        let clock = TestClock()
        let tracker = PlainActivity(now: { clock.now })
        await tracker.note(.connection(.open))
        await tracker.lineRead()
        clock.advance(.seconds(2))
        await tracker.note(.diagnostics(ConnectionDiagnostics()))
        await tracker.note(.typing(Fixture.ava))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .waiting)
        clock.advance(.seconds(1))
        #expect(await tracker.quietness(for: .seconds(3), settleLimit: .seconds(30)) == .quiet)
    }

    @Test("linger 0 waits until a message read is sent, and says so when one never is")
    func lingerZeroWaitsForTheMessage() async {
        let clock = TestClock()
        let tracker = PlainActivity(now: { clock.now })
        await tracker.lineRead()
        await tracker.messageHandedOver()
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .waiting, "not connected yet")
        await tracker.note(.connection(.open))
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .waiting, "its item has not appeared")
        var transcript = Transcript()
        transcript.addPending(Fixture.own("l1", "hi"))
        await tracker.note(.transcript(TranscriptUpdate(items: transcript.items, change: .inserted(position: 0))))
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .waiting, "still pending")
        clock.advance(.seconds(30))
        #expect(await tracker.quietness(for: .zero, settleLimit: .seconds(30)) == .unsettled(1), "gives up, counting it")
    }
}
