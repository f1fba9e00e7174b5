import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

/// What a new user trips over in the UI logic: text typed after the end, and one command table
/// for both front ends (line mode's side: `LineModeTests`).
@Suite("New user: commands and the end")
struct NewUserTests {
    @Test("Enter after the chat ended keeps the draft in the composer and says it was not sent")
    func draftKeptAfterTheEnd() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.open)), .engine(.connection(.closed(reason: .byServer)))])
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
        Fixture.apply(&s, [.engine(.connection(.open)), .engine(.connection(.closed(reason: .byParticipant("Ava"))))])
        let screen = Fixture.screen(s)
        #expect(screen[0].contains("■ Ava ended the chat"), "\(screen[0])")
        #expect(screen.last?.contains("Ava ended the chat — /new") == true, "\(screen.joined(separator: "\n"))")
    }
}
