import ChatModel
import Foundation

/// The pure update function: applies one ``UIEvent`` to ``UIState`` and returns the effects to run.
///
/// No curses, no I/O, no clock reads: time comes in as `now`, so unit tests drive it directly.
package enum Reducer {
    /// Lines the mouse wheel scrolls per notch.
    static let wheelStep = 3
    /// How long to wait for older items before a new `.loadOlder` may be sent (the engine
    /// answers a failed fetch with a notice only).
    static let loadOlderTimeout: TimeInterval = 10
    /// How long a hint stays in the typing line.
    static let hintLifetime: TimeInterval = 6

    /// Applies `event` to `state` at time `now`.
    package static func reduce(_ state: inout UIState, _ event: UIEvent, now: Date) -> [UIEffect] {
        var effects = apply(&state, event, now: now)
        if let seen = seenEffect(&state) { effects.append(seen) }
        return effects
    }

    /// Applies one event, without the presence bookkeeping done after every event.
    private static func apply(_ state: inout UIState, _ event: UIEvent, now: Date) -> [UIEffect] {
        switch event {
        case .key(.focusIn):
            return focusChanged(&state, to: true)
        case .key(.focusOut):
            return focusChanged(&state, to: false)
        case .key(let key):
            let draft = state.composer.text
            let effects = handleKey(&state, key, now: now)
            if key != .tab && state.composer.text != draft { state.hint = nil }
            return effects
        case .engine(.diagnostics(let diagnostics)):
            // Shown by the pane while it is open, and in the status bar while the deep heartbeat fails.
            state.diagnostics = diagnostics
            return []
        case .engine(let chatEvent):
            return handleEngine(&state, chatEvent, now: now)
        case .engineFinished:
            state.engineFinished = true
            if !state.chatIsOver {
                addNotice(&state, "The session engine stopped. \(state.options.afterEnd).", now: now)
            }
            return []
        case .resize(let size):
            state.size = size
            state.settleScroll(at: state.scroll)
            return []
        case .tick:
            _ = state.typing.expire(now: now)
            if let since = state.loadingOlderSince, now.timeIntervalSince(since) >= loadOlderTimeout {
                state.loadingOlderSince = nil
            }
            if let hint = state.hint, hint.until <= now { state.hint = nil }
            return []
        case .notice(let text):
            addNotice(&state, text, now: now)
            return []
        case .draftEdited(let text):
            guard let text else {
                addNotice(&state, "The editor failed; the draft is unchanged.", now: now)
                return []
            }
            state.composer.checkpoint()
            state.composer.setText(text)
            return []
        case .folderListed(let path, let names):
            return folderListed(&state, path: path, names: names, now: now)
        }
    }

    // MARK: Engine events

    private static func handleEngine(_ state: inout UIState, _ event: ChatEvent, now: Date) -> [UIEffect] {
        switch event {
        case .connection(let connection):
            let wasOver = state.chatIsOver
            state.connection = connection
            switch connection {
            case .closed(let reason) where !wasOver:
                state.typing.removeAll()
                state.queuePosition = nil
                let trimmed = reason.description.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                let why = reason.saysItEnded ? trimmed : "The chat has ended: \(trimmed)"
                let sentence = why.prefix(1).uppercased() + why.dropFirst()
                addNotice(&state, "\(sentence). \(state.options.afterEnd.prefix(1).uppercased() + state.options.afterEnd.dropFirst()).", now: now)
            case .failed(let reason) where !wasOver:
                state.typing.removeAll()
                let trimmed = reason.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                addNotice(&state, "Connection failed: \(trimmed). Type /retry to try again, or /quit.", now: now)
            default:
                break
            }
        case .sessionInfo(let info):
            state.session = info
        case .transcript(let update):
            return handleTranscript(&state, update, now: now)
        case .typing(let participant):
            if participant.role != .customer {
                state.typing.start(participant, now: now)
            }
        case .typingStopped(let participant):
            state.typing.stop(participant)
        case .queuePosition(let position):
            state.queuePosition = position
        case .notice(let text):
            addNotice(&state, text, now: now)
        case .transfer(let transfer):
            return handleTransfer(&state, transfer, now: now)
        case .diagnostics(let diagnostics):
            state.diagnostics = diagnostics
        case .authentication(let authentication):
            authenticationChanged(&state, authentication)
        }
        return []
    }

    /// Bookkeeping for an item that is new to the transcript.
    static func noteArrival(_ state: inout UIState, _ item: ChatItem) {
        state.typing.stop(item.sender)
        if let me = state.session?.me, me.role == .agent {
            // An agent console talks to the customer.
            if item.sender.role == .customer, !item.isOwn, item.sender.id != me.id { state.partner = item.sender }
        } else {
            if isPartner(item) { state.partner = item.sender }
            if case .event = item.kind, item.sender.role == .agent || item.sender.role == .bot {
                state.partner = item.sender
            }
        }
        if state.scroll != .bottom && !item.isOwn && !item.isHistory {
            state.unreadCount += 1
            if state.unreadKey == nil {
                state.unreadKey = state.store.entries.last?.key
            }
        }
    }

    /// True when an item's sender is someone we talk to (bot, agent, supervisor).
    static func isPartner(_ item: ChatItem) -> Bool {
        guard case .message = item.kind, !item.isOwn else { return false }
        switch item.sender.role {
        case .agent, .bot, .supervisor: return true
        case .customer, .system: return false
        }
    }

    /// Moves an anchor that sits on a date separator or divider to the entry below it, so that
    /// prepending older items (which moves separators) keeps the view where it is.
    static func reanchorOnEntry(_ state: inout UIState) {
        guard case .anchor(let key, _) = state.scroll, !TranscriptStore.isEntryKeyOfItem(key) else { return }
        state.prepareView()
        let rows = state.view.rows
        guard let start = (0..<rows.count).first(where: { state.view.key(of: $0, in: state.store) == key }) else { return }
        for row in start..<rows.count {
            if case .entry(let i, _) = rows[row] {
                state.scroll = .anchor(key: state.store.entries[i].key, line: 0)
                return
            }
        }
    }

    // MARK: Notices and scrolling

    /// Adds a notice line to the transcript.
    static func addNotice(_ state: inout UIState, _ text: String, now: Date) {
        state.store.appendNotice(text, at: now)
    }

    /// Scrolls by `delta` lines; asks for older items when the top is reached.
    static func scroll(_ state: inout UIState, by delta: Int, now: Date) -> [UIEffect] {
        state.prepareView()
        let g = state.geometry
        let result = state.view.scroll(
            state.scroll, by: delta, store: state.store, width: g.columns, height: g.transcript.height)
        state.scroll = result.position
        if state.scroll == .bottom { state.unreadCount = 0 }
        if result.reachedTop && delta < 0 && state.hasMoreOlder && !state.loadingOlder {
            state.loadingOlderSince = now
            return [.send(.loadOlder)]
        }
        return []
    }

    /// Jumps to the newest line.
    static func scrollToBottom(_ state: inout UIState) {
        state.scroll = .bottom
        state.unreadCount = 0
    }

    /// The page size for PgUp/PgDn: the pane height less one line of context.
    static func pageSize(_ state: UIState) -> Int {
        max(1, state.geometry.transcript.height - 1)
    }
}
