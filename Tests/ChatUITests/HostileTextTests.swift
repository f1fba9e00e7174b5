import ChatModel
import Foundation
import Testing

@testable import ChatUI
@testable import TerminalRuntime

/// Text from the other side in the full-screen UI: escape sequences are removed whole (no `]0;…` or
/// `[2J` remnants on screen), and bidi controls cannot reverse a name, a file name or the title.
@Suite("Full-screen UI: hostile text")
struct HostileTextTests {
    static let hostileName = "Eve\u{1B}]0;PWNED-TITLE\u{07}\u{202E}gnp.exe"
    static let eve = Participant(id: "eve", name: hostileName, role: .agent)

    @Test("a message's escape sequences leave no remnant on screen; the name is shown without them or a bidi override")
    func messageAndName() {
        var state = Fixture.state()
        let text = "\u{1B}]0;PWNED-TITLE\u{07}\u{1B}[31mRED\u{1B}[0m and \u{1B}[2Jcleared \u{9B}1mdone"
        Fixture.apply(&state, [.arrived(Fixture.message("m1", text, from: Self.eve))])
        let screen = Fixture.screen(state).joined(separator: "\n")
        #expect(screen.contains("RED and cleared done"), "\(screen)")
        #expect(screen.contains("Evegnp.exe"), "\(screen)")
        for remnant in ["]0;", "PWNED", "[31m", "[0m", "[2J", "1m", "\u{202E}", "\u{1B}"] {
            #expect(!screen.contains(remnant), "no \(remnant.debugDescription) on screen")
        }
    }

    @Test("an attachment's name is shown without sequences or bidi controls")
    func attachmentName() {
        var state = Fixture.state()
        let file = Attachment(id: "a1", name: "\u{1B}]0;x\u{07}invoice\u{202E}fdp.exe", contentType: "application/pdf", size: 2048)
        Fixture.apply(&state, [.arrived(ChatItem(id: "f1", time: Fixture.t0, sender: Self.eve, kind: .attachment(file), text: ""))])
        let screen = Fixture.screen(state).joined(separator: "\n")
        #expect(screen.contains("invoicefdp.exe"), "\(screen)")
        #expect(!screen.contains("]0;") && !screen.contains("\u{202E}"), "\(screen)")
        Fixture.type(&state, "/download 1")
        Fixture.apply(&state, [.key(.enter)])
        let after = Fixture.screen(state).joined(separator: "\n")
        #expect(after.contains("Downloading invoicefdp.exe…"), "the notice names the file as shown: \(after)")
        #expect(!after.contains("\u{202E}"))
    }

    @Test("the typing line names the partner without sequences or bidi controls")
    func typingLine() {
        var state = Fixture.state()
        Fixture.apply(&state, [.engine(.typing(Self.eve))])
        let screen = Fixture.screen(state).joined(separator: "\n")
        #expect(screen.contains("Evegnp.exe is typing"), "\(screen)")
        #expect(!screen.contains("PWNED") && !screen.contains("\u{202E}"))
    }

    @Test("the window title carries the partner's name without sequences, C1 controls or bidi controls")
    func windowTitle() {
        var state = Fixture.state()
        state.partner = Participant(id: "eve", name: "Eve\u{1B}]0;PWNED\u{07}\u{9D}2;x\u{9C}\u{2067}Z", role: .agent)
        let title = ChatScreen.windowTitle(state)
        #expect(title == "Helpline — EveZ")
        #expect(NotificationSequence.title("Help\u{9C}line\u{202E}") == "\u{1B}]2;Helpline\u{07}", "no ST or bidi control inside the OSC")
    }
}
