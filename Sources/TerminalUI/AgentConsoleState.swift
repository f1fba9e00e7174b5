import ChatModel
import Foundation

/// One accepted chat in the agent console: its own chat UI state.
struct AgentTab {
    /// The contact id.
    var id: String
    /// The customer's name (the tab's title).
    var customerName: String
    /// The chat's UI state, driven by the same ``Reducer`` as the customer's chat.
    var ui: UIState
    /// Customer messages that arrived while another tab was shown.
    var unread = 0
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
                tabs[number - 1].ui.dirty = true
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
        guard let index = active, tabs.indices.contains(index) else { return handleQueueKey(key) }
        if key == .enter {
            let typed = tabs[index].ui.composer.text.trimmingCharacters(in: .whitespaces)
            if Self.transferCommands.contains(typed) {
                tabs[index].ui.composer.clear()
                return [.release(tabs[index].id)]
            }
            if typed == Self.closeCommand {
                tabs[index].ui.composer.clear()
                closeTab(index)
                return []
            }
        }
        let effects = Reducer.reduce(&tabs[index].ui, .key(key), now: now)
        return [.tab(id: tabs[index].id, effects)]
    }

    /// Keys on the queue screen: Up/Down choose, Enter accepts, q or Ctrl-C leaves.
    private mutating func handleQueueKey(_ key: Key) -> [AgentConsoleEffect] {
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
            return [.quit]
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
