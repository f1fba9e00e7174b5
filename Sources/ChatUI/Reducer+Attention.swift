import ChatModel
import Foundation

extension Reducer {
    /// Longest message excerpt put into a desktop notification.
    static let notificationExcerpt = 120

    /// Focus reports (mode 1004): remembers the focus; coming back clears the away count.
    static func focusChanged(_ state: inout UIState, to focused: Bool) -> [UIEffect] {
        state.focused = focused
        if focused { state.awayCount = 0 }
        return []
    }

    /// The bell and a desktop notification for a new message from someone else, when the
    /// notify policy asks for one (always, or only while unfocused or scrolled up).
    static func notification(_ state: inout UIState, for item: ChatItem) -> [UIEffect] {
        guard isPartner(item), !item.isHistory else { return [] }
        let away = state.focused == false || state.screenHidden
        if away { state.awayCount += 1 }
        switch state.options.notify {
        case .never:
            return []
        case .unfocused where !away && state.scroll == .bottom:
            return []
        case .always, .unfocused:
            let flat = TerminalSafeText.oneLine(item.text)
            let excerpt = flat.count > notificationExcerpt ? String(flat.prefix(notificationExcerpt)) + "…" : flat
            return [.notify(title: "\(state.options.title) — \(item.sender.displayName)", body: excerpt)]
        }
    }

    /// A `.seen` command for the newest message from someone else once it is really seen: the
    /// terminal has focus (or has not said otherwise), the view follows the bottom and the
    /// message is on screen. Each message is reported once.
    static func seenEffect(_ state: inout UIState) -> UIEffect? {
        guard state.focused != false, !state.screenHidden, state.scroll == .bottom, state.size.isUsable else { return nil }
        // Every turn asks, a key as much as a message: the store's stamp answers most of them
        // without looking for the newest message.
        let stamp = state.store.stamp
        guard stamp != state.seenUpTo else { return nil }
        guard let entry = state.store.entries.last(where: isSeeable), entry.item.id != state.lastSeenId else {
            state.seenUpTo = stamp
            return nil
        }
        state.prepareView()
        let g = state.geometry
        guard state.view.isVisibleAtBottom(
            key: entry.key, store: state.store, width: g.columns, height: g.transcript.height)
        else { return nil }
        state.lastSeenId = entry.item.id
        state.seenUpTo = stamp
        return .send(.seen(messageId: entry.item.id))
    }

    /// True for live messages from others (not own, not system events, not notices, not history).
    private static func isSeeable(_ entry: TranscriptEntry) -> Bool {
        guard !entry.isNotice, case .message = entry.item.kind else { return false }
        return !entry.item.isOwn && !entry.item.isHistory && entry.item.sender.role != .system
    }
}
