import Foundation
import HelplineTestSupport
import Testing

/// `/reset` in the real TUI (tmux): the transcript is reloaded from the demo server and every
/// message shows once, local notices are gone, and the chat goes on.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIResetTests {
    @Test func resetShowsTheReloadedTranscriptOnce() async throws {
        let command = "'\(TUITmux.helplineBinary())' demo --new --display-name Tess"
        let tmux = try TUITmux(command: command, width: 100, height: 40)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the demo connects and greets:\n\(ready.screen.dump)")
        tmux.type("hello there")
        tmux.keys("Enter")
        let answered = await tmux.wait { screen in
            guard let mine = screen.lastIndex(where: { $0.contains("hello there") }) else { return false }
            return screen[(mine + 1)...].contains { $0.range(of: #"^\d\d:\d\d \S"#, options: .regularExpression) != nil }
        }
        #expect(answered.ok, "the bot answers:\n\(answered.screen.dump)")
        tmux.type("/help")
        tmux.keys("Enter")
        #expect(await tmux.wait { $0.has("/reset") }.ok, "help lists /reset")

        tmux.type("/reset")
        tmux.keys("Enter")
        // The whole settled screen, not the first capture that shows the notice: under load tmux can
        // be read while the frame is still being drawn, its lower rows still the old frame's.
        let reloaded = await tmux.wait {
            $0.has("reloaded from the server") && !$0.has("Reloading the transcript") && !$0.has("Commands")
        }
        #expect(reloaded.ok, "the reload is announced:\n\(reloaded.screen.dump)")
        let screen = reloaded.screen
        #expect(screen.filter { $0.contains("hello there") }.count == 1, "our message once:\n\(screen.dump)")
        #expect(screen.filter { $0.contains("Helpline demo") }.count == 1, "the greeting once:\n\(screen.dump)")
        #expect(!screen.has("Reloading the transcript"), "local notices are gone:\n\(screen.dump)")
        #expect(!screen.has("Commands"), "the help notice is gone:\n\(screen.dump)")
        #expect(screen[0].contains("connected"), "still connected:\n\(screen.dump)")

        tmux.type("thanks")
        tmux.keys("Enter")
        let after = await tmux.wait { screen in screen.has("thanks") && screen.filter { $0.contains("hello there") }.count == 1 }
        #expect(after.ok, "the chat goes on after the reset:\n\(after.screen.dump)")
    }
}
