import Foundation

/// Every payload field the client reads, decoded once (spec §6); absent fields are nil or empty.
struct PolyAIPayload: Sendable, Hashable {
    /// `SESSION_START` capabilities.
    var capabilities: PolyAICapabilities?
    /// `reason` of end/left/handoff events.
    var reason: String?
    /// `message_id` of messages, chunks and echoes.
    var messageId: String?
    /// `text` of messages and chunks.
    var text: String?
    /// `agent_name` (flat) or `agent.name` (nested, live agent).
    var agentName: String?
    /// `agent_id` (flat) or `agent.id`.
    var agentId: String?
    /// Attachments, link cards and images.
    var attachments: [PolyAIAttachment]
    /// Quick-reply suggestions.
    var suggestions: [PolyAISuggestion]
    /// Call actions.
    var callActions: [PolyAICallAction]
    /// `end_conversation` of a Poly agent message.
    var endConversation: Bool
    /// `chunk_index` (1-based) of a chunk.
    var chunkIndex: Int?
    /// `is_complete` of a chunk.
    var isComplete: Bool
    /// `route` of a client handoff.
    var route: String?
    /// `queue_name` of handoff events.
    var queueName: String?
    /// `position_in_queue` (fallback `position`).
    var position: Int?
    /// `estimated_wait_seconds`.
    var estimatedWaitSeconds: Int?
    /// `display_message` of a queue status.
    var displayMessage: String?
    /// `state` of typing events (`TYPING_STATE_STARTED` / `_STOPPED`).
    var typingState: String?
    /// `message` of a system message.
    var message: String?
    /// `level` of a system message.
    var level: String?

    /// Chunk indexes, queue positions and waits taken from the server: room to count on from any of
    /// them without overflow.
    static let counts = 0...Int(Int32.max)

    /// Reads the fields from a payload object.
    init(_ json: PolyAIJSON) {
        capabilities = json.child("capabilities").map(PolyAICapabilities.init)
        reason = json.string("reason")
        messageId = json.nonEmpty("message_id")
        text = json.string("text")
        let agent = json.child("agent")
        agentName = json.nonEmpty("agent_name") ?? agent?.nonEmpty("name")
        agentId = json.nonEmpty("agent_id") ?? agent?.nonEmpty("id")
        attachments = json.objects("attachments").map(PolyAIAttachment.init)
        suggestions = json.objects("response_suggestions").compactMap(PolyAISuggestion.init)
        callActions = json.objects("chat_call_actions").map(PolyAICallAction.init)
        endConversation = json.bool("end_conversation") ?? false
        chunkIndex = json.int("chunk_index", in: Self.counts)
        isComplete = json.bool("is_complete") ?? false
        route = json.nonEmpty("route")
        queueName = json.nonEmpty("queue_name")
        position = json.int("position_in_queue", in: Self.counts) ?? json.int("position", in: Self.counts)
        estimatedWaitSeconds = json.int("estimated_wait_seconds", in: Self.counts)
        displayMessage = json.nonEmpty("display_message")
        typingState = json.string("state")
        message = json.string("message")
        level = json.string("level")
    }
}

/// `SESSION_START.capabilities`, with the SDK's defaults.
struct PolyAICapabilities: Sendable, Hashable {
    /// Whether replies are streamed.
    var streaming: Bool
    /// Largest message the server accepts.
    var maxMessageSizeBytes: Int
    /// Heartbeat interval; 0 = off, nil = default.
    var heartbeatIntervalSeconds: Int?
    /// Reconnect budget the server asks for.
    var maxReconnectAttempts: Int?

    /// The size limit when the server names none, or one too small to carry a numbered part.
    static let defaultMessageSize = 1_048_576
    /// Message size limits taken from the server (smaller cannot hold a `(9/9) ` part and some text).
    static let messageSizes = 256...Int(Int32.max)
    /// Heartbeat intervals taken from the server (0: off).
    static let heartbeatSeconds = 0...3600
    /// Reconnect budgets taken from the server (0: unlimited).
    static let reconnectBudgets = 0...1000

    /// Reads capabilities.
    init(_ json: PolyAIJSON) {
        streaming = json.bool("streaming") ?? false
        maxMessageSizeBytes = json.int("max_message_size_bytes", in: Self.messageSizes) ?? Self.defaultMessageSize
        heartbeatIntervalSeconds = json.int("heartbeat_interval_seconds", in: Self.heartbeatSeconds)
        maxReconnectAttempts = json.int("max_reconnect_attempts", in: Self.reconnectBudgets)
    }
}

/// An attachment: an image or a URL card.
struct PolyAIAttachment: Sendable, Hashable {
    /// `image`, `url` or `unknown`.
    var kind: String
    /// `content_url`.
    var url: String?
    /// `title`.
    var title: String?
    /// `call_to_action_text`.
    var callToAction: String?

    /// Reads an attachment.
    init(_ json: PolyAIJSON) {
        switch json.string("content_type") {
        case "ATTACHMENT_CONTENT_TYPE_IMAGE": kind = "image"
        case "ATTACHMENT_CONTENT_TYPE_URL": kind = "url"
        default: kind = "unknown"
        }
        url = json.nonEmpty("content_url")
        title = json.nonEmpty("title")
        callToAction = json.nonEmpty("call_to_action_text")
    }
}

/// A quick-reply suggestion (tapping sends `text`).
struct PolyAISuggestion: Sendable, Hashable {
    /// `message_text`.
    var text: String

    /// Reads a suggestion; nil without text.
    init?(_ json: PolyAIJSON) {
        guard let text = json.nonEmpty("message_text") else { return nil }
        self.text = text
    }
}

/// A call action: a titled phone number.
struct PolyAICallAction: Sendable, Hashable {
    /// `title`.
    var title: String?
    /// `contact_number`.
    var number: String?

    /// Reads a call action.
    init(_ json: PolyAIJSON) {
        title = json.nonEmpty("title")
        number = json.nonEmpty("contact_number")
    }
}
