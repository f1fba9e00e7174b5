import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Whole screen")
struct ScreenGoldenTests {
    @Test func conversationAt60x16() {
        // Status bar, date separator, centred event, markdown body, delivery states, typing
        // line and composer, exactly as they appear on a 60×16 terminal.
        var s = Fixture.state(rows: 16, columns: 60)
        let info = SessionInfo(backend: "Amazon Connect", endpoint: "127.0.0.1", me: Fixture.me)
        Fixture.apply(&s, [
            .engine(.sessionInfo(info)),
            .engine(.connection(.open)),
            .arrived(ChatItem(id: "e1", time: Fixture.t0, sender: Fixture.ava, kind: .event(.joined), text: "Ava joined the chat")),
            .arrived(ChatItem(
                id: "m1", time: Fixture.t0, sender: Fixture.ava, kind: .message, contentType: "text/markdown",
                text: "Hello! How can I **help**?")),
            .arrived(Fixture.own("l1", "My order 你好 is late", delivery: .read)),
            .arrived(Fixture.own("l2", "Are you there?", delivery: .failed)),
            .engine(.typing(Fixture.ava)),
        ])
        _ = Fixture.type(&s, "draft 👋")
        let screen = Fixture.screen(s, now: Fixture.t0.addingTimeInterval(0.01))
        let expected = [
            " ● connected │ Ava  agent                             08:00 ",
            "────────────────── Friday 15 January 2027 ──────────────────",
            "                Ava joined the chat · 08:00",
            "08:00 Ava  agent ",
            "  Hello! How can I help?",
            "08:00 You  ✓✓ read",
            "  My order 你好 is late",
            "08:00 You  ✗ failed — /retry",
            "  Are you there?",
            "",
            "",
            "",
            "",
            " Ava is typing   ",
            "────────────────────────────────────────────────────────────",
            "› draft 👋",
        ]
        // At 60 columns the title and the backend give way; state, partner and clock stay.
        #expect(screen == expected, "\n\(screen.joined(separator: "\n"))")
    }
}
