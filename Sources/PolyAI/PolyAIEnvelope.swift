import Foundation

/// One server → client event after envelope decoding (spec §4).
struct PolyAIEnvelope: Sendable {
    /// The server's event id (empty for heartbeats without one).
    var id: String
    /// The per-session sequence; nil for transient events.
    var sequence: Int?
    /// When it happened (local now when unparsable).
    var timestamp: Date
    /// The full wire type, e.g. `EVENT_TYPE_POLY_AGENT_MESSAGE`.
    var type: String
    /// The payload fields, decoded.
    var payload: PolyAIPayload
    /// `metadata.custom`, when it is a string map.
    var custom: [String: String]?
}

/// The event types the client knows (spec §6), without the `EVENT_TYPE_` prefix.
enum PolyAIEventType {
    /// The prefix every wire type carries.
    static let prefix = "EVENT_TYPE_"
    /// Every server → client type the decoder accepts (others are dropped).
    static let known: Set<String> = [
        "SESSION_START", "SESSION_END", "SESSION_IDLE_WARNING", "USER_MESSAGE", "REQUEST_POLY_AGENT_JOIN",
        "USER_TYPING", "USER_END_SESSION", "HEARTBEAT", "POLY_AGENT_JOINED", "POLY_AGENT_THINKING",
        "POLY_AGENT_MESSAGE", "POLY_AGENT_MESSAGE_CHUNK", "POLY_AGENT_LEFT", "POLY_AGENT_TRIGGERED_HANDOFF",
        "CLIENT_HANDOFF_REQUIRED", "HANDOFF_ACCEPTED", "HANDOFF_QUEUE_STATUS", "HANDOFF_FAILED", "HANDOFF_TIMEOUT",
        "LIVE_AGENT_JOINED", "LIVE_AGENT_TYPING", "LIVE_AGENT_MESSAGE", "LIVE_AGENT_LEFT", "SYSTEM_MESSAGE",
        "EVENT_BATCH", "USER_RECEIVED_MESSAGE", "USER_READ_MESSAGE", "POLY_AGENT_RECEIVED_MESSAGE",
        "POLY_AGENT_READ_MESSAGE", "LIVE_AGENT_RECEIVED_MESSAGE", "LIVE_AGENT_READ_MESSAGE", "SHOW_CSAT_REQUEST",
        "CSAT_RESPONSE",
    ].reduce(into: Set<String>()) { $0.insert(prefix + $1) }
}

/// Decodes socket frames into envelopes: batches unpacked and sorted, malformed events dropped.
enum PolyAIFrameDecoder {
    /// Envelopes in one text frame, in handling order (spec §4, §4.1).
    static func decode(_ text: String) -> [PolyAIEnvelope] {
        guard let json = PolyAIJSON.parse(text), let type = json.nonEmpty("type"),
            PolyAIEventType.known.contains(type)
        else { return [] }
        guard type == PolyAIEventType.prefix + "EVENT_BATCH" else {
            return envelope(json, payload: json.child("payload")).map { [$0] } ?? []
        }
        guard let raw = json.child("payload")?.object["events"]?.array else { return [] }
        var decoded: [PolyAIEnvelope] = []
        for element in raw {
            // One non-object element drops the whole batch (the SDK does the same).
            guard let object = element.object else { return [] }
            let item = PolyAIJSON(object)
            guard let itemType = item.nonEmpty("type"), PolyAIEventType.known.contains(itemType) else { continue }
            var payload = item.child("payload")
            if payload == nil {
                let oneof = String(itemType.dropFirst(PolyAIEventType.prefix.count)).lowercased()
                payload = item.child(oneof)
            }
            if let event = envelope(item, payload: payload) { decoded.append(event) }
        }
        return sortedBySequence(decoded)
    }

    /// Stable sort: sequenced events ascending, unsequenced ones last in arrival order.
    static func sortedBySequence(_ events: [PolyAIEnvelope]) -> [PolyAIEnvelope] {
        let indexed = events.enumerated().map { ($0.offset, $0.element) }
        return indexed.sorted { lhs, rhs in
            switch (lhs.1.sequence, rhs.1.sequence) {
            case (let a?, let b?): return a == b ? lhs.0 < rhs.0 : a < b
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.0 < rhs.0
            }
        }.map(\.1)
    }

    private static func envelope(_ json: PolyAIJSON, payload: PolyAIJSON?) -> PolyAIEnvelope? {
        guard let type = json.nonEmpty("type") else { return nil }
        let isHeartbeat = type == PolyAIEventType.prefix + "HEARTBEAT"
        let id = json.string("id")
        let stamp = json.string("timestamp")
        guard isHeartbeat || (id != nil && stamp != nil) else { return nil }
        return PolyAIEnvelope(
            id: id ?? "", sequence: json.int("sequence", in: PolyAIConversation.sequences), timestamp: stamp.flatMap(parseTime) ?? Date(), type: type,
            payload: PolyAIPayload(payload ?? PolyAIJSON([:])), custom: json.child("metadata")?.stringMap("custom"))
    }

    /// ISO-8601 with or without fractional seconds.
    static func parseTime(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
