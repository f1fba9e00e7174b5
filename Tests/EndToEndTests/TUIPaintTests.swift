import Foundation
import HelplineTestSupport
import Testing

/// The painter draws only the rows of a region that changed since its last frame; what a real
/// terminal shows must be what drawing the whole screen anew shows.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIPaintTests {
    /// The transcript's rows: below the status bar, above the typing line, the rule and the composer.
    private static func transcriptRows(of screen: [String]) -> Range<Int>? {
        guard let composer = screen.lastIndex(where: { $0.hasPrefix("› ") }), composer >= 3 else { return nil }
        return 1..<(composer - 2)
    }

    @Test("a streamed reply drawn row by row as it grows and wraps leaves on the screen, colours included, what a full repaint draws")
    func rowByRowEqualsRepaint() async throws {
        let tmux = try TUITmux(command: "'\(TUITmux.helplineBinary())' demo --new --display-name Tess", width: 80, height: 24)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "\(ready.screen.dump)")
        tmux.type("stream")
        tmux.keys("Enter")
        // The reply grows three words a chunk and wraps over four rows; once complete it loses its cursor.
        let streamed = await tmux.wait { $0.has("growing.") && !$0.has("▍") && $0.has("✓✓ read") }
        #expect(streamed.ok, "\(streamed.screen.dump)")
        let rows = try #require(Self.transcriptRows(of: streamed.screen), "\(streamed.screen.dump)")
        let drawn = Array(tmux.styledScreen()[rows])
        tmux.keys("C-l")
        tmux.type("x")
        // The key after Ctrl-L is on the screen: the repaint came before it.
        let repainted = await tmux.wait { screen in screen.contains { $0.hasPrefix("› x") } }
        #expect(repainted.ok, "\(repainted.screen.dump)")
        let whole = Array(tmux.styledScreen()[rows])
        #expect(drawn == whole, "drawn row by row:\n\(drawn.dump)\nrepainted:\n\(whole.dump)")
        #expect(drawn.contains { $0.contains("growing.") })
        tmux.keys("C-c")
    }
}
