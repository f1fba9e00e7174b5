import ChatModel
import Foundation
import Testing
@testable import TerminalUI

/// Terminal-safe text, `TERM=dumb`, and the agent console's tabs and leaving.
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

@Suite struct AgentConsoleTabTests {
    static func console() -> AgentConsoleState {
        var state = AgentConsoleState(agentName: "Sam")
        state.size = TerminalSize(rows: 30, columns: 100)
        return state
    }

    static func tabUI() -> UIState {
        var ui = Fixture.state(rows: 29)
        ui.dirty = false
        return ui
    }

    @Test func acceptingTheSameCustomerAgainReplacesTheOldTab() {
        var state = Self.console()
        let first = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        _ = state.apply(.connection(.open), to: first, now: Fixture.t0)
        _ = state.markReleased(contactId: "c1")
        _ = state.apply(.connection(.closed(reason: "handed back")), to: first, now: Fixture.t0)
        let second = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        #expect(first != second)
        #expect(state.tabs.count == 1, "one tab for the chat, not an ended one plus an empty one")
        #expect(state.active == 0)
        // The new session's events reach the new tab; the old session's do not.
        _ = state.apply(.connection(.open), to: second, now: Fixture.t0)
        _ = state.apply(.connection(.closed(reason: "late")), to: first, now: Fixture.t0)
        #expect(state.tabs[0].ui.connection == .open)
        #expect(!state.tabs[0].released)
    }

    @Test func quittingWithLiveChatsAsksThenHandsThemBack() {
        var state = Self.console()
        let key = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        _ = state.apply(.connection(.open), to: key, now: Fixture.t0)
        for character in "/quit" { _ = state.handle(.text(String(character)), now: Fixture.t0) }
        let first = state.handle(.enter, now: Fixture.t0)
        #expect(!first.contains(.quit), "a live chat is not stranded: \(first)")
        #expect(state.tabs[0].ui.store.entries.contains { $0.item.text.contains("/quit again") }, "the agent is asked")
        for character in "/quit" { _ = state.handle(.text(String(character)), now: Fixture.t0) }
        let second = state.handle(.enter, now: Fixture.t0.addingTimeInterval(2))
        #expect(second.contains(.handBackAndQuit(["c1"])), "\(second)")
    }

    @Test func quittingWithNoLiveChatLeavesAtOnce() {
        var state = Self.console()
        let key = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        _ = state.apply(.connection(.closed(reason: "The chat has ended")), to: key, now: Fixture.t0)
        state.active = nil
        #expect(state.handle(.text("q"), now: Fixture.t0) == [.quit])
    }

    @Test func anEndedTabDoesNotSuggestNew() {
        var ui = Self.tabUI()
        var options = ui.options
        options.inAgentConsole = true
        ui = UIState(options: options, palette: .standard, theme: .default)
        _ = Reducer.reduce(&ui, .engine(.connection(.closed(reason: "The chat has ended"))), now: Fixture.t0)
        let texts = ui.store.entries.map(\.item.text).joined(separator: "\n")
        #expect(!texts.contains("/new") && texts.contains("/close"), "\(texts)")
        #expect(!StatusBar.stateText(.closed(reason: "x"), now: Fixture.t0, inAgentConsole: true).contains("/new"))
    }
}
