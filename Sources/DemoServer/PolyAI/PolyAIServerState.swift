import Foundation

/// One stored (or transient) PolyAI event of a simulated session, already encoded.
struct PolyAIStoredEvent: Sendable {
    /// The event id.
    var id: String
    /// The per-session sequence; nil for transient events.
    var sequence: Int?
    /// The whole envelope as JSON text.
    var json: String
}

/// A simulated PolyAI Messaging session, bound to the access token that created it and to a
/// demo contact whose flow it runs. What grows with the chat (its events, the echoes) is kept in
/// ``PolyAIServerState`` beside the record, so a record read out does not make an append copy it.
struct PolyAISessionRecord: Sendable {
    /// The token that created it (sockets must present the same one).
    var accessToken: String
    /// The demo contact behind it.
    var contactId: String
    /// `streaming_enabled` from the create call.
    var streaming: Bool
    /// The next sequence to hand out.
    var nextSequence = 1
    /// Open sockets of this session.
    var sockets: Set<UUID> = []
    /// Next `chunk_index` of a streamed message, by message id.
    var chunkIndex: [String: Int] = [:]
    /// True once `SESSION_END` was stored.
    var ended = false
    /// True while the session waits in a live-agent queue whose ladder frames were already sent.
    var inQueue = false
    /// True once `POLY_AGENT_TRIGGERED_HANDOFF` was sent for the handoff under way.
    var handoffTriggered = false
}

/// Fault knobs of the PolyAI half (besides the shared drop / half-open / refuse-upgrade faults).
struct PolyAIFaults: Sendable {
    /// User messages are ignored: no store, no echo (the client's resend budget runs out).
    var dropUserMessages = false
    /// Replays start two events before the cursor and arrive in reverse order.
    var overlappingReplay = false
    /// Close the next socket with this code right after its first batch (one shot).
    var closeAfterReplay: UInt16?
    /// A reconnect with a cursor gets only the events after it: no `SESSION_START`, and no frame at all
    /// when there is nothing to replay (the spec leaves both open, §3 and §11).
    var bareReplay = false
    /// A reconnect with a cursor gets its replay in one batch padded past a megabyte.
    var bulkyReplay = false
}

/// Everything the PolyAI half of the demo keeps; owned by the hub actor.
struct PolyAIServerState: Sendable {
    /// Accepted connector tokens; nil accepts any non-empty one.
    var apiKeys: Set<String>?
    /// Issued access tokens.
    var accessTokens: Set<String> = []
    /// Sessions by id.
    var sessions: [String: PolyAISessionRecord] = [:]
    /// Each session's sequenced events in order, starting with `SESSION_START` at 1, by session id.
    var events: [String: [PolyAIStoredEvent]] = [:]
    /// Each session's echo events by the client's `local_id` (so a resent message is echoed again,
    /// not stored twice), by session id.
    var echoes: [String: [String: PolyAIStoredEvent]] = [:]
    /// Session id by demo contact id.
    var sessionByContact: [String: String] = [:]
    /// Session id by open socket.
    var sessionBySocket: [UUID: String] = [:]
    /// REST calls received, by path (for tests: "no retry storm").
    var requestCounts: [String: Int] = [:]
    /// Heartbeat interval announced in `SESSION_START`.
    var heartbeatSeconds = 30
    /// Fault knobs.
    var faults = PolyAIFaults()
    /// When each open socket last sent a frame (the server's idle close, spec §3).
    var lastInbound: [UUID: Date] = [:]
    /// A socket with no inbound frame for this long is closed (10 minutes on the real service).
    var idleCloseAfter: Duration = .seconds(600)
    /// Set while a queue announcement is injected: its SYSTEM message becomes handoff frames instead.
    var announcing: PolyAIQueueAnnouncement?
}

/// A queue position the flow announces, as the PolyAI half sends it (`HANDOFF_QUEUE_STATUS`).
struct PolyAIQueueAnnouncement: Sendable {
    /// Place in the queue (1 = next).
    var position: Int
    /// The queue's name.
    var queue: String
    /// The announcement text (`display_message`), if any.
    var text: String?
    /// `estimated_wait_seconds`.
    var waitSeconds: Int
}
