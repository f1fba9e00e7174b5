import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

/// Terminal-safe text, `TERM=dumb`, and a chat tab's wording in the agent console.
@Suite struct TerminalSafeTextTests {
    @Test func escapeSequencesAreRemovedWhole() {
        #expect(TerminalSafeText.clean("a\u{1B}]0;title\u{07}b") == "ab")
        #expect(TerminalSafeText.clean("a\u{1B}]52;c;ZXZpbA==\u{1B}\\b") == "ab")
        #expect(TerminalSafeText.clean("a\u{1B}[2J\u{1B}[1;31mb") == "ab")
        #expect(TerminalSafeText.clean("a\u{1B}P1$qm\u{1B}\\b") == "ab")
        #expect(TerminalSafeText.clean("a\u{9B}31mb\u{9D}8;;x\u{9C}c") == "abc")
        #expect(TerminalSafeText.clean("a\u{1B}(Bb\u{1B}cc") == "abc")
        #expect(TerminalSafeText.clean("a\u{07}b\u{00}c\u{7F}d\u{85}e") == "abcde")
    }

    @Test func textAndLayoutAreKept() {
        let text = "Héllo 👋🏽 世界\n\tindented"
        #expect(TerminalSafeText.clean(text) == text)
        #expect(TerminalSafeText.clean("over\rwrite") == "over\nwrite")
        #expect(TerminalSafeText.clean("line\r\nnext") == "line\nnext")
        #expect(TerminalSafeText.clean("unterminated \u{1B}]0;title") == "unterminated ")
        #expect(TerminalSafeText.clean("trailing \u{1B}") == "trailing ")
    }

    @Test func dumbTerminalsGetLineMode() {
        #expect(FullScreenSupport.refusal(environment: ["TERM": "dumb"]) != nil)
        #expect(FullScreenSupport.refusal(environment: [:]) != nil)
        #expect(FullScreenSupport.refusal(environment: ["TERM": "xterm-256color"]) == nil)
    }
}

/// A chat tab opened in the agent console (its UI runs with `inAgentConsole`).
@Suite struct AgentConsoleTabUITests {
    @Test func anEndedTabDoesNotSuggestNew() {
        var ui = Fixture.state(rows: 29)
        var options = ui.options
        options.inAgentConsole = true
        ui = UIState(options: options, palette: .standard, theme: .default)
        _ = Reducer.reduce(&ui, .engine(.connection(.closed(reason: .byServer))), now: Fixture.t0)
        let texts = ui.store.entries.map(\.item.text).joined(separator: "\n")
        #expect(!texts.contains("/new") && texts.contains("/close"), "\(texts)")
        #expect(!StatusBar.stateText(.closed(reason: .byServer), now: Fixture.t0, inAgentConsole: true).contains("/new"))
    }
}
