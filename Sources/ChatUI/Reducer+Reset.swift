import ChatModel
import Foundation

extension Reducer {
    /// Follows one change of the engine's transcript.
    static func handleTranscript(_ state: inout UIState, _ update: TranscriptUpdate, now: Date) -> [UIEffect] {
        switch update.change {
        case .inserted:
            state.store.apply(update)
            guard let item = update.item else { return [] }
            noteArrival(&state, item)
            if case .event(.joined) = item.kind, item.sender.role == .agent, !item.isHistory { return [.bell] }
            return notification(&state, for: item)
        case .updated, .moved:
            state.store.apply(update)
            if let item = update.item, !item.isOwn { state.typing.stop(item.sender) }
        case .removed:
            state.store.apply(update)
        case .merged(let count, let hasMore):
            state.hasMoreOlder = hasMore
            state.loadingOlderSince = nil
            reanchorOnEntry(&state)
            state.store.apply(update)
            if count > 0, state.partner == nil, let last = update.items.last(where: { isPartner($0) }) { state.partner = last.sender }
        case .reset(let hasMore):
            if state.store.items.isEmpty {
                // A new subscriber is told the transcript as it is: nothing was reloaded.
                state.store.apply(update)
                state.hasMoreOlder = hasMore
                state.partner = update.items.last(where: { isPartner($0) })?.sender ?? state.partner
            } else {
                resetTranscript(&state, update, hasMore: hasMore, now: now)
            }
        }
        return []
    }

    /// Shows a transcript reloaded from the server in place of everything shown before (local
    /// notices included), follows the newest line and says so in one notice.
    static func resetTranscript(_ state: inout UIState, _ update: TranscriptUpdate, hasMore: Bool, now: Date) {
        state.store.replaceAll(with: update)
        state.hasMoreOlder = hasMore
        state.loadingOlderSince = nil
        state.unreadCount = 0
        state.unreadKey = nil
        state.links = []
        state.transcriptSearch = nil
        state.partner = update.items.last(where: { isPartner($0) })?.sender ?? state.partner
        scrollToBottom(&state)
        addNotice(&state, "The transcript was reloaded from the server (\(update.items.count) items).", now: now)
    }
}
