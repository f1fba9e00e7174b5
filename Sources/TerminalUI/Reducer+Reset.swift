import ChatModel
import Foundation

extension Reducer {
    /// Shows a transcript reloaded from the server in place of everything shown before (local
    /// notices included), follows the newest line and says so in one notice.
    static func resetTranscript(_ state: inout UIState, _ items: [ChatItem], hasMore: Bool, now: Date) {
        state.store.replaceAll(with: items)
        state.view.invalidateRows()
        state.transcriptVersion += 1
        state.hasMoreOlder = hasMore
        state.loadingOlderSince = nil
        state.unreadCount = 0
        state.unreadKey = nil
        state.links = []
        state.transcriptSearch = nil
        state.partner = items.last(where: { isPartner($0) })?.sender ?? state.partner
        scrollToBottom(&state)
        addNotice(&state, "The transcript was reloaded from the server (\(items.count) items).", now: now)
    }
}
