import ChatModel
import Foundation
import MarkdownANSI
import TerminalRuntime
import Testing

@testable import ChatUI

/// The sign-in panel: shown when the contact center asks the customer to sign in, with the link, a QR
/// code and the time left; its keys; closed by the outcome.
@Suite("Sign-in panel")
struct SignInPanelTests {
    static let link = "http://127.0.0.1:8080/auth/sign-in/0123456789abcdef0123456789abcdef"
    static var offered: AuthenticationState { .offered(url: link, expires: Fixture.t0.addingTimeInterval(60)) }

    static func signIn(_ state: inout UIState, _ authentication: AuthenticationState, now: Date = Fixture.t0) -> [UIEffect] {
        Fixture.apply(&state, [.engine(.authentication(authentication))], now: now)
    }

    @Test("a sign-in request opens the panel with the link, its time left and a QR code")
    func panelShowsLinkAndCode() throws {
        var state = Fixture.state(rows: 40, columns: 100)
        Self.signIn(&state, .fetchingLink)
        #expect(Fixture.screen(state).contains { $0.contains("Getting the sign-in link") })
        Self.signIn(&state, Self.offered)
        let rows = Fixture.screen(state, now: Fixture.t0.addingTimeInterval(18))
        #expect(rows.contains { $0.contains("works for 42 s more") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains(Self.link) })
        #expect(rows.contains { $0.contains("Esc cancel sign-in") })
        let code = try #require(state.authenticationCode, "libqrencode made a code")
        let drawn = SignInPanel.qrRows(code).map { " " + $0.plainText }
        #expect(drawn.count == (code.size + 2 * SignInPanel.quietZone + 1) / 2)
        let start = try #require(rows.firstIndex { $0.contains("Or scan this code") }) + 1
        #expect(Array(rows[start..<(start + drawn.count)]) == drawn, "the code's rows, in order, under the link")
    }

    @Test("the drawn code is the link's: module for module what libqrencode made")
    func drawnCodeMatchesModules() throws {
        let code = try #require(QRCode.encode(Self.link))
        let rows = SignInPanel.qrRows(code).map(\.plainText)
        for (index, row) in rows.enumerated() {
            for (column, cell) in row.enumerated() {
                let top = code.isDark(row: index * 2 - SignInPanel.quietZone, column: column - SignInPanel.quietZone)
                let bottom = code.isDark(row: index * 2 + 1 - SignInPanel.quietZone, column: column - SignInPanel.quietZone)
                let expected: Character = top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
                #expect(cell == expected, "row \(index) column \(column)")
            }
        }
    }

    @Test("in a window too small for the code the panel says how big it must be; the link stays")
    func smallWindow() {
        var state = Fixture.state(rows: 16, columns: 60)
        Self.signIn(&state, Self.offered)
        let rows = Fixture.screen(state)
        #expect(rows.contains { $0.contains("window shows a QR code") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.joined().replacingOccurrences(of: " ", with: "").contains("0123456789abcdef0123456789abcdef"),
                "the link is wrapped, not cut")
        #expect(rows.contains { $0.contains("Esc cancel") && !$0.contains("…") }, "the keys fit")
    }

    @Test("keys: o opens the link, c copies it out, Tab hides, /auth shows again, Esc cancels")
    func keys() {
        var state = Fixture.state()
        Self.signIn(&state, Self.offered)
        #expect(Fixture.apply(&state, [.key(.text("o"))]) == [.openURL(Self.link)])
        #expect(Fixture.apply(&state, [.key(.text("c"))]) == [.bareView])
        let copied = ANSIWriter.string(
            SignInPanel.copyLines(Self.offered, code: QRCode.encode(Self.link), now: Fixture.t0), mode: .ansi256, hyperlinks: true)
        #expect(copied.contains("\u{1B}]8;;\(Self.link)"), "copy view prints the link as an OSC 8 hyperlink")
        #expect(copied.contains("▀") || copied.contains("▄"), "and the QR code")
        #expect(Fixture.apply(&state, [.key(.text("x"))]).isEmpty, "other letters are not typed into the draft")
        #expect(state.composer.isEmpty)
        Fixture.apply(&state, [.key(.tab)])
        #expect(!state.authenticationPanelOpen)
        _ = Fixture.type(&state, "h")
        #expect(state.composer.text == "h", "keys reach the composer again")
        state.composer.clear()
        for key in "/auth" { Fixture.apply(&state, [.key(.text(String(key)))]) }
        #expect(Fixture.apply(&state, [.key(.enter)]).isEmpty, "a link that still works is shown, not fetched")
        #expect(state.authenticationPanelOpen)
        #expect(Fixture.apply(&state, [.key(.escape)]) == [.send(.cancelAuthentication)])
        #expect(!state.authenticationPanelOpen)
    }

    @Test("after the link expired, o or r asks for a fresh one")
    func freshLink() {
        var state = Fixture.state()
        Self.signIn(&state, Self.offered)
        Self.signIn(&state, .linkExpired)
        #expect(Fixture.screen(state).contains { $0.contains("expired unused") })
        #expect(Fixture.apply(&state, [.key(.text("o"))]) == [.send(.authenticationLink)])
        #expect(Fixture.apply(&state, [.key(.text("r"))]) == [.send(.authenticationLink)])
        Self.signIn(&state, Self.offered)
        let late = Fixture.t0.addingTimeInterval(61)
        #expect(Fixture.apply(&state, [.key(.text("r"))], now: late) == [.send(.authenticationLink)],
                "past its expiry the link is not opened even before the engine says so")
    }

    @Test("the outcome closes the panel; the countdown wakes the screen each second meanwhile")
    func outcomeCloses() {
        var state = Fixture.state()
        Self.signIn(&state, Self.offered)
        let now = Fixture.t0.addingTimeInterval(10.3)
        #expect(ChatScreen.nextWake(state, now: now).timeIntervalSince(now) < 1)
        Self.signIn(&state, .ended(.succeeded))
        #expect(!state.authenticationPanelOpen)
        #expect(!Fixture.screen(state).contains { $0.contains("Sign in") })
    }

    @Test("a failed link's reason is shown on one line, without the server's escape sequences")
    func failedLink() {
        var state = Fixture.state()
        Self.signIn(&state, .linkFailed("refused\u{1B}[2J (403)"))
        let rows = Fixture.screen(state)
        #expect(rows.contains { $0.contains("could not be fetched: refused") && $0.contains("(403)") })
        #expect(!rows.joined().contains("\u{1B}"))
    }
}
