import Foundation

/// Joins `POLY_AGENT_MESSAGE_CHUNK`s into whole messages (spec §7.2), whatever order they come in.
///
/// Chunks are kept by `message_id` and `chunk_index`; a message is complete once its final chunk
/// (`is_complete`) and every index before it have arrived. Chunks may arrive out of order and two
/// streams may interleave (a replay after a reconnect overlaps live delivery), so a chunk for
/// another id does not cut the open stream short: it only *settles* a stream that has no gap so far
/// (the SDK's "interrupted stream" rule), and a settled stream still grows if its missing chunks turn
/// up later. Texts are raw fragments concatenated without a separator (the documented form; the
/// SDK's space-join is a known quirk we do not copy). A chunk repeated by a replay is not added twice.
struct PolyAIStreamAssembler: Sendable {
    /// A message's state after a chunk.
    struct Snapshot: Sendable, Equatable {
        /// The message id.
        var messageId: String
        /// Text so far (concatenated in chunk-index order).
        var text: String
        /// Attachments so far, de-duplicated by URL.
        var attachments: [PolyAIAttachment]
        /// Suggestions of the last chunk (by index) that had any.
        var suggestions: [PolyAISuggestion]
        /// True once every chunk arrived, or the stream was settled (flushed or interrupted).
        var isComplete: Bool
        /// When the first chunk arrived.
        var time: Date
        /// The lowest sequence among the chunks so far (the message's place in the transcript).
        var sequence: Int?
    }

    /// One message's chunks.
    private struct Buffer: Sendable {
        var parts: [Int: PolyAIPayload] = [:]
        var finalIndex: Int?
        var settled = false
        var time: Date
        var sequence: Int?

        /// True when the final chunk and every one before it are here.
        var isWhole: Bool {
            guard let finalIndex else { return false }
            return (1...max(finalIndex, 1)).allSatisfy { parts[$0] != nil }
        }

        /// True when no index below the highest one seen is missing.
        var isGapless: Bool {
            guard let highest = parts.keys.max() else { return true }
            return parts.count == highest
        }

        func snapshot(_ messageId: String) -> Snapshot {
            let ordered = parts.sorted { $0.key < $1.key }.map(\.value)
            var attachments: [PolyAIAttachment] = []
            for attachment in ordered.flatMap(\.attachments)
            where !attachments.contains(where: { $0.url != nil && $0.url == attachment.url }) {
                attachments.append(attachment)
            }
            return Snapshot(
                messageId: messageId, text: ordered.compactMap(\.text).joined(), attachments: attachments,
                suggestions: ordered.last(where: { !$0.suggestions.isEmpty })?.suggestions ?? [],
                isComplete: isWhole || settled, time: time, sequence: sequence)
        }
    }

    private var buffers: [String: Buffer] = [:]
    /// Messages whose every chunk arrived: later copies of their chunks are replays.
    private var whole: Set<String> = []

    /// Adds one chunk; returns the snapshots that changed (streams it settled, then its own).
    mutating func add(messageId: String, payload: PolyAIPayload, time: Date, sequence: Int?) -> [Snapshot] {
        guard !whole.contains(messageId) else { return [] }
        var out: [Snapshot] = []
        if buffers[messageId] == nil {
            // A new stream: streams still open without a gap were interrupted (SDK rule); settle them.
            for (id, buffer) in buffers where !buffer.settled && buffer.finalIndex == nil && buffer.isGapless {
                buffers[id]?.settled = true
                out.append(buffers[id]?.snapshot(id) ?? buffer.snapshot(id))
            }
        }
        var buffer = buffers[messageId] ?? Buffer(time: time, sequence: sequence)
        let index = payload.chunkIndex ?? ((buffer.parts.keys.max() ?? 0) + 1)
        guard buffer.parts[index] == nil else { return out }
        buffer.parts[index] = payload
        if payload.isComplete { buffer.finalIndex = index }
        if let sequence { buffer.sequence = min(buffer.sequence ?? sequence, sequence) }
        if buffer.isWhole {
            buffers[messageId] = nil
            whole.insert(messageId)
        } else {
            buffers[messageId] = buffer
        }
        out.append(buffer.snapshot(messageId))
        return out
    }

    /// Settles every open stream (on `SESSION_END` or a normal close); they still grow if chunks follow.
    mutating func flush() -> [Snapshot] {
        var out: [Snapshot] = []
        for id in buffers.keys.sorted() where buffers[id]?.settled == false {
            buffers[id]?.settled = true
            if let buffer = buffers[id] { out.append(buffer.snapshot(id)) }
        }
        return out
    }

    /// Forgets everything (new session).
    mutating func reset() {
        buffers = [:]
        whole = []
    }
}
