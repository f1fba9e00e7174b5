import ChatModel
import Foundation
import Testing
@testable import AgentConsole
@testable import ChatUI
import TerminalRuntime

/// The agent console's state: tabs per accepted chat, and leaving with live chats.
@Suite struct AgentConsoleTabTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func console() -> AgentConsoleState {
        var state = AgentConsoleState(agentName: "Sam")
        state.size = TerminalSize(rows: 30, columns: 100)
        return state
    }

    static func tabUI() -> UIState {
        var options = TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: [:])
        options.inAgentConsole = true
        var ui = UIState(options: options, palette: .standard, theme: .default)
        ui.size = TerminalSize(rows: 29, columns: 100)
        return ui
    }

    @Test func acceptingTheSameCustomerAgainReplacesTheOldTab() {
        var state = Self.console()
        let first = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        _ = state.apply(.connection(.open), to: first, now: Self.t0)
        _ = state.markReleased(contactId: "c1")
        _ = state.apply(.connection(.closed(reason: .because("handed back"))), to: first, now: Self.t0)
        let second = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        #expect(first != second)
        #expect(state.tabs.count == 1, "one tab for the chat, not an ended one plus an empty one")
        #expect(state.active == 0)
        // The new session's events reach the new tab; the old session's do not.
        _ = state.apply(.connection(.open), to: second, now: Self.t0)
        _ = state.apply(.connection(.closed(reason: .because("late"))), to: first, now: Self.t0)
        #expect(state.tabs[0].ui.connection == .open)
        #expect(!state.tabs[0].released)
    }

    @Test func quittingWithLiveChatsAsksThenHandsThemBack() {
        var state = Self.console()
        let key = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        _ = state.apply(.connection(.open), to: key, now: Self.t0)
        for character in "/quit" { _ = state.handle(.text(String(character)), now: Self.t0) }
        let first = state.handle(.enter, now: Self.t0)
        #expect(!first.contains(.quit), "a live chat is not stranded: \(first)")
        #expect(state.tabs[0].ui.store.entries.contains { $0.item.text.contains("/quit again") }, "the agent is asked")
        for character in "/quit" { _ = state.handle(.text(String(character)), now: Self.t0) }
        let second = state.handle(.enter, now: Self.t0.addingTimeInterval(2))
        #expect(second.contains(.handBackAndQuit(["c1"])), "\(second)")
    }

    @Test func quittingWhileAChatIsBeingAcceptedAsksThenHandsItBack() {
        var state = Self.console()
        state.updateQueue([WaitingChat(id: "c9", customerName: "Noor", queue: "Support", waitingSeconds: 5, lastMessage: nil)])
        #expect(state.handle(.enter, now: Self.t0) == [.accept("c9")])
        let first = state.handle(.text("q"), now: Self.t0)
        #expect(first.isEmpty, "the chat being accepted is not stranded: \(first)")
        #expect(state.notice?.contains("Noor") == true, "\(state.notice ?? "")")
        #expect(state.handle(.text("q"), now: Self.t0.addingTimeInterval(1)) == [.handBackAndQuit(["c9"])])
    }

    @Test func quittingWithNoLiveChatLeavesAtOnce() {
        var state = Self.console()
        let key = state.openTab(contactId: "c1", customerName: "Maria", ui: Self.tabUI())
        _ = state.apply(.connection(.closed(reason: .byServer)), to: key, now: Self.t0)
        state.active = nil
        #expect(state.handle(.text("q"), now: Self.t0) == [.quit])
    }
}
