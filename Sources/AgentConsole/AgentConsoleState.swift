import ChatModel
import ChatUI
import Foundation
import TerminalRuntime

/// One accepted chat in the agent console: its own chat UI state.
struct AgentTab {
    /// The tab's own key (events and effects are routed by it): unique per acceptance, so a chat
    /// accepted again after a transfer gets a fresh tab that the old session cannot reach.
    var id: String
    /// The contact id.
    var contactId: String
    /// The customer's name (the tab's title).
    var customerName: String
    /// The chat's UI state, driven by the same ``Reducer`` as the customer's chat.
    var ui: UIState
    /// Customer messages that arrived while another tab was shown.
    var unread = 0
    /// True once the chat was handed back to the queue or the bot.
    var released = false

    /// True while the customer still has this agent (not ended, not handed back).
    var isLive: Bool { !released && !ui.chatIsOver }
}

/// What the console's key reducer asks the outside world to do.
enum AgentConsoleEffect: Equatable {
    /// Accept this waiting chat.
    case accept(String)
    /// Hand this chat back to the bot.
    case release(String)
    /// Effects of a chat tab's own reducer.
    case tab(id: String, [UIEffect])
    /// Stop the console (Ctrl-Z) until the shell's `fg`.
    case suspend
    /// Leave the console.
    case quit
    /// Hand these chats (contact ids) back to the queue, then leave the console.
    case handBackAndQuit([String])
}

/// The agent console's state: the queue, the accepted chats, which one is shown.
struct AgentConsoleState {
    /// The signed-in agent's name.
    var agentName: String
    /// Chats waiting for an agent, as last fetched.
    var queue: [WaitingChat] = []
    /// The highlighted queue row.
    var selected = 0
    /// Accepted chats, in the order they were accepted (Alt-1…9).
    var tabs: [AgentTab] = []
    /// The shown tab; nil shows the queue.
    var active: Int?
    /// A one-line message under the queue (accept failures, hints).
    var notice: String?
    /// The contact being accepted (Enter is ignored meanwhile).
    var accepting: String?
    /// The terminal size.
    var size = TerminalSize(rows: 30, columns: 100)
    /// Tabs opened so far (makes each tab's key unique).
    var opened = 0
    /// When the agent was asked to confirm leaving with live chats open.
    var quitAskedAt: Date?
    /// How long a `/quit` confirms the one before it.
    static let quitConfirmWindow: TimeInterval = 15

    /// Commands only the console knows (typed in a chat's composer).
    static let transferCommands: Set<String> = ["/transfer", "/bot"]
    static let closeCommand = "/close"

    /// The size each chat tab lays itself out in (one row goes to the tab strip).
    var tabSize: TerminalSize { TerminalSize(rows: max(0, size.rows - 1), columns: size.columns) }

    /// New queue rows; the highlight stays on the same chat when it is still there.
    mutating func updateQueue(_ rows: [WaitingChat]) {
        let current = queue.indices.contains(selected) ? queue[selected].id : nil
        queue = rows
        selected = current.flatMap { id in rows.firstIndex { $0.id == id } } ?? min(selected, max(0, rows.count - 1))
    }

    /// Handles a key: console keys first (Alt-digits, the queue), the rest goes to the shown chat.
    mutating func handle(_ key: Key, now: Date) -> [AgentConsoleEffect] {
        switch key {
        case .alt(let character) where character.isASCII && character.isNumber:
            let number = character.wholeNumberValue ?? 0
            if number == 0 {
                active = nil
            } else if number <= tabs.count {
                active = number - 1
                tabs[number - 1].unread = 0
            } else {
                notice = "There is no chat \(number); Alt-0 shows the queue."
            }
            return []
        case .function(3):
            active = nil
            return []
        case .ctrl("z"):
            return [.suspend]
        default:
            break
        }
        guard let index = active, tabs.indices.contains(index) else { return handleQueueKey(key, now: now) }
        if key == .enter {
            let typed = tabs[index].ui.composer.text.trimmingCharacters(in: .whitespaces)
            if Self.transferCommands.contains(typed) {
                tabs[index].ui.composer.clear()
                return [.release(tabs[index].contactId)]
            }
            if typed == Self.closeCommand {
                tabs[index].ui.composer.clear()
                closeTab(index)
                return []
            }
        }
        let effects = Reducer.reduce(&tabs[index].ui, .key(key), now: now)
        // `/quit` (or Ctrl-C) in a chat tab leaves the console, never stranding a live chat.
        let leaving: [UIEffect] = [.exit(.quit), .exit(.ended)]
        if effects.contains(where: leaving.contains) {
            return [.tab(id: tabs[index].id, effects.filter { !leaving.contains($0) })] + quitRequested(now: now)
        }
        return [.tab(id: tabs[index].id, effects)]
    }

    /// The agent wants to leave. With no live chat: quit. With live chats: the first request asks
    /// (naming them); a second one within ``quitConfirmWindow`` hands them back to the queue and quits.
    mutating func quitRequested(now: Date) -> [AgentConsoleEffect] {
        // A chat being accepted counts as live: it is the agent's as soon as the desk answers.
        var live = tabs.filter(\.isLive).map { (id: $0.contactId, name: $0.customerName) }
        if let id = accepting, !live.contains(where: { $0.id == id }) {
            live.append((id, queue.first { $0.id == id }?.customerName ?? "a chat being accepted"))
        }
        guard !live.isEmpty else { return [.quit] }
        if let asked = quitAskedAt, now.timeIntervalSince(asked) <= Self.quitConfirmWindow {
            quitAskedAt = nil
            say("Handing \(Self.count(live.count)) back to the queue, then leaving…", now: now)
            return [.handBackAndQuit(live.map(\.id))]
        }
        quitAskedAt = now
        let names = live.map(\.name).joined(separator: ", ")
        say("\(Self.count(live.count)) still open (\(names)). /quit again hands \(live.count == 1 ? "it" : "them") back to the queue and leaves; /transfer or /close one by one otherwise.", now: now)
        return []
    }

    /// "1 chat" or "N chats".
    private static func count(_ n: Int) -> String { n == 1 ? "1 chat is" : "\(n) chats are" }

    /// A notice where the agent looks: the shown chat, or the queue screen.
    mutating func say(_ text: String, now: Date) {
        if let index = active, tabs.indices.contains(index) {
            _ = Reducer.reduce(&tabs[index].ui, .notice(text), now: now)
        } else {
            notice = text
        }
    }

    /// Opens the tab for an accepted chat and shows it; returns the tab's key. A tab still there
    /// for the same contact (ended, or handed back before) is replaced where it stands.
    mutating func openTab(contactId: String, customerName: String, ui: UIState) -> String {
        opened += 1
        let tab = AgentTab(id: "\(contactId)#\(opened)", contactId: contactId, customerName: customerName, ui: ui)
        if let old = tabs.firstIndex(where: { $0.contactId == contactId }) {
            tabs[old] = tab
            active = old
        } else {
            tabs.append(tab)
            active = tabs.count - 1
        }
        return tab.id
    }

    /// Marks the newest tab of a contact as handed back; returns its key.
    mutating func markReleased(contactId: String) -> String? {
        guard let index = tabs.lastIndex(where: { $0.contactId == contactId }) else { return nil }
        tabs[index].released = true
        return tabs[index].id
    }

    /// Keys on the queue screen: Up/Down choose, Enter accepts, q or Ctrl-C leaves.
    private mutating func handleQueueKey(_ key: Key, now: Date) -> [AgentConsoleEffect] {
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(0, queue.count - 1), selected + 1)
        case .enter:
            guard accepting == nil else { return [] }
            guard queue.indices.contains(selected) else {
                notice = "No chat is waiting yet."
                return []
            }
            accepting = queue[selected].id
            notice = "Accepting \(queue[selected].customerName)…"
            return [.accept(queue[selected].id)]
        case .text("q"), .ctrl("c"), .ctrl("d"):
            return quitRequested(now: now)
        default:
            break
        }
        return []
    }

    /// Closes a chat tab (after it ended or was handed back).
    mutating func closeTab(_ index: Int) {
        guard tabs.indices.contains(index) else { return }
        tabs.remove(at: index)
        active = tabs.isEmpty ? nil : min(index, tabs.count - 1)
    }

    /// Applies a chat's engine event to its tab; counts unread customer messages on hidden tabs.
    mutating func apply(_ event: ChatEvent, to id: String, now: Date) -> [UIEffect] {
        guard let index = tabs.firstIndex(where: { $0.id == id }) else { return [] }
        let effects = Reducer.reduce(&tabs[index].ui, .engine(event), now: now)
        if index != active, case .transcript(let update) = event, update.isNewItem, let item = update.item,
            item.kind == .message, !item.isOwn, !item.isHistory
        {
            tabs[index].unread += 1
        }
        return effects
    }
}
