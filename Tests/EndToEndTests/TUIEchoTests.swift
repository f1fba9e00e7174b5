import Foundation
import HelplineTestSupport
import Testing

/// A letter typed at the end of the draft is drawn at once, ahead of its frame, and the frame then
/// finds the composer already showing it and draws nothing: what a real terminal shows must still be
/// the draft, with the cursor after it, through typing, deleting and sending.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIEchoTests {
    /// The composer's row: the one the prompt starts.
    private static func composerRow(_ screen: [String]) -> Int? {
        screen.lastIndex { $0.hasPrefix("› ") }
    }

    @Test("keys typed one at a time, two deleted, more typed, the cursor moved: the composer shows the draft with the cursor where it is, and Enter sends that draft")
    func typedKeysShowAndSend() async throws {
        let tmux = try TUITmux(command: "'\(TUITmux.helplineBinary())' demo --new --display-name Tess")
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "\(ready.screen.dump)")
        var draft = ""
        func typeOne(_ letter: Character) async {
            draft.append(letter)
            tmux.type(String(letter))
            let expected = "› " + draft
            let shown = await tmux.wait { screen in
                guard let row = Self.composerRow(screen), let cursor = tmux.cursor() else { return false }
                return screen[row].hasPrefix(expected) && screen[row].dropFirst(expected.count).allSatisfy(\.isWhitespace)
                    && cursor == (expected.count, row)
            }
            #expect(shown.ok, "after \(draft.debugDescription), cursor \(String(describing: tmux.cursor())):\n\(shown.screen.dump)")
        }
        for letter in "helpxy" { await typeOne(letter) }
        for _ in 0..<2 {
            draft.removeLast()
            tmux.keys("BSpace")
        }
        for letter in "ful!" { await typeOne(letter) }
        // Moving the cursor changes no region: only the cursor goes.
        tmux.keys("Left", "Left")
        let moved = await tmux.wait { screen in
            Self.composerRow(screen).map { row in tmux.cursor().map { $0 == ("› helpful!".count - 2, row) } ?? false } ?? false
        }
        #expect(moved.ok, "cursor \(String(describing: tmux.cursor())) after two Lefts:\n\(moved.screen.dump)")
        tmux.keys("End")
        tmux.keys("Enter")
        let sent = await tmux.wait { screen in
            screen.contains { $0.contains("helpful!") && !$0.hasPrefix("› ") } && Self.composerRow(screen).map { !screen[$0].contains("helpful") } == true
        }
        #expect(sent.ok, "the draft as shown is the message sent:\n\(sent.screen.dump)")
        tmux.keys("C-c")
    }
}
