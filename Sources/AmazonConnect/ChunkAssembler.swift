import SessionCore
import ChatModel

/// Joins streamed message chunks (same `Id`, consecutive `ChunkNumber`) into one growing item.
///
/// Spec §3.5: concatenate `Content` for chunks 1, 2, 3…; the item with
/// `MessageCompleted: true` replaces the whole message.
struct ChunkAssembler: Sendable {
    private var texts: [String: String] = [:]

    /// Returns the event with a streamed item's text replaced by everything so far.
    mutating func assemble(_ event: BackendEvent) -> BackendEvent {
        guard case .item(var item) = event, case .message = item.kind else { return event }
        if item.isStreaming {
            let sofar = (texts[item.id] ?? "") + item.text
            texts[item.id] = sofar
            item.text = sofar
            return .item(item)
        }
        texts[item.id] = nil
        return event
    }
}
