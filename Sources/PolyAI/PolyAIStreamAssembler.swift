import Foundation

/// Joins `POLY_AGENT_MESSAGE_CHUNK`s into whole messages (spec §7.2), whatever order they come in.
///
/// Chunks are kept by `message_id` and `chunk_index`; a message is complete once its final chunk
/// (`is_complete`) and every index before it have arrived. Chunks may arrive out of order and two
/// streams may interleave (a replay after a reconnect overlaps live delivery), so a chunk for
/// another id does not cut the open stream short: it only *settles* a stream that has no gap so far
/// (the SDK's "interrupted stream" rule), and a settled stream still grows if its missing chunks turn
/// up later. Texts are read per stream (``PolyAIStreamText``): raw fragments that carry their own
/// spacing are concatenated (the documented form), chunks with no whitespace at their edges are joined
/// with one space (what the official SDK does, and so what a server written for it sends). A chunk
/// repeated by a replay is not added twice.
///
/// The cost is linear in the chunks: a message keeps the text of its gapless run from index 1 joined
/// as it grows, so a chunk that arrives in order is appended once and never read again; only chunks
/// that arrived ahead of a gap (or below index 1) are held apart until the gap fills.
struct PolyAIStreamAssembler: Sendable {
    /// A message's state after a chunk.
    struct Snapshot: Sendable, Equatable {
        /// The message id.
        var messageId: String
        /// Text so far (joined in chunk-index order, as the stream's form says).
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

    private var buffers: [String: PolyAIStreamBuffer] = [:]
    /// Messages whose every chunk arrived: later copies of their chunks are replays.
    private var whole: Set<String> = []
    /// Chunks read so far to make snapshots (each chunk once when they come in order): the tests'
    /// measure that assembly stays linear.
    private(set) var chunksRead = 0

    /// Adds one chunk; returns the snapshots that changed (streams it settled, then its own).
    mutating func add(messageId: String, payload: PolyAIPayload, time: Date, sequence: Int?) -> [Snapshot] {
        guard !whole.contains(messageId) else { return [] }
        var out: [Snapshot] = []
        if buffers[messageId] == nil {
            // A new stream: streams still open without a gap were interrupted (SDK rule); settle them.
            for (id, buffer) in buffers where !buffer.settled && buffer.finalIndex == nil && buffer.isGapless {
                buffers[id]?.settled = true
                if let settled = buffers[id] { out.append(snapshot(id, of: settled)) }
            }
        }
        var buffer = buffers.removeValue(forKey: messageId) ?? PolyAIStreamBuffer(time: time, sequence: sequence)
        let index = payload.chunkIndex ?? ((buffer.highest ?? 0) + 1)
        guard let joined = buffer.insert(payload, at: index) else {
            buffers[messageId] = buffer
            return out
        }
        chunksRead += joined
        if let sequence { buffer.sequence = min(buffer.sequence ?? sequence, sequence) }
        if buffer.isWhole { whole.insert(messageId) } else { buffers[messageId] = buffer }
        out.append(snapshot(messageId, of: buffer))
        return out
    }

    /// Settles every open stream (on `SESSION_END` or a normal close); they still grow if chunks follow.
    mutating func flush() -> [Snapshot] {
        var out: [Snapshot] = []
        for id in buffers.keys.sorted() where buffers[id]?.settled == false {
            buffers[id]?.settled = true
            if let buffer = buffers[id] { out.append(snapshot(id, of: buffer)) }
        }
        return out
    }

    /// Forgets everything (new session).
    mutating func reset() {
        buffers = [:]
        whole = []
    }

    /// A stream's state as a snapshot.
    private mutating func snapshot(_ messageId: String, of buffer: PolyAIStreamBuffer) -> Snapshot {
        let (text, attachments, suggestions, read) = buffer.joined()
        chunksRead += read
        return Snapshot(
            messageId: messageId, text: text, attachments: attachments, suggestions: suggestions,
            isComplete: buffer.isWhole || buffer.settled, time: buffer.time, sequence: buffer.sequence)
    }
}
