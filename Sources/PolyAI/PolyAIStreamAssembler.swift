import Foundation

/// Joins `POLY_AGENT_MESSAGE_CHUNK`s into one growing message (spec §7.2).
///
/// One buffer, keyed by `message_id`; a chunk for another id finalises the open buffer first.
/// Texts are raw fragments concatenated without a separator (the documented form; the SDK's
/// space-join is a known quirk we do not copy).
struct PolyAIStreamAssembler: Sendable {
    /// A message's state after a chunk.
    struct Snapshot: Sendable, Equatable {
        /// The message id.
        var messageId: String
        /// Text so far (concatenated in chunk-index order).
        var text: String
        /// Attachments so far, de-duplicated by URL.
        var attachments: [PolyAIAttachment]
        /// Suggestions of the last chunk that had any.
        var suggestions: [PolyAISuggestion]
        /// True once the last chunk arrived (or the buffer was flushed).
        var isComplete: Bool
        /// When the first chunk arrived.
        var time: Date
        /// The first chunk's sequence.
        var sequence: Int?
    }

    private var open: Snapshot?
    private var parts: [(index: Int, text: String)] = []
    private var seenChunks: Set<Int> = []

    /// Adds one chunk; returns the finalised previous message (if the id changed) and this one's state.
    mutating func add(messageId: String, payload: PolyAIPayload, time: Date, sequence: Int?) -> [Snapshot] {
        var out: [Snapshot] = []
        if let current = open, current.messageId != messageId, let flushed = flush() { out.append(flushed) }
        if open == nil {
            open = Snapshot(
                messageId: messageId, text: "", attachments: [], suggestions: [], isComplete: false, time: time,
                sequence: sequence)
            parts = []
            seenChunks = []
        }
        guard var snapshot = open else { return out }
        let index = payload.chunkIndex ?? (parts.count + 1)
        // A replayed chunk (same index) is not appended twice.
        if seenChunks.insert(index).inserted, let text = payload.text, !text.isEmpty {
            parts.append((index, text))
        }
        snapshot.text = parts.sorted { $0.index < $1.index }.map(\.text).joined()
        for attachment in payload.attachments
        where !snapshot.attachments.contains(where: { $0.url != nil && $0.url == attachment.url }) {
            snapshot.attachments.append(attachment)
        }
        if !payload.suggestions.isEmpty { snapshot.suggestions = payload.suggestions }
        if payload.isComplete {
            snapshot.isComplete = true
            open = nil
            parts = []
        } else {
            open = snapshot
        }
        out.append(snapshot)
        return out
    }

    /// Finalises the open message, if any (on `SESSION_END`, a normal close or a new id).
    mutating func flush() -> Snapshot? {
        guard var snapshot = open else { return nil }
        snapshot.isComplete = true
        open = nil
        parts = []
        return snapshot
    }

    /// Forgets everything (new session).
    mutating func reset() {
        open = nil
        parts = []
        seenChunks = []
    }
}
