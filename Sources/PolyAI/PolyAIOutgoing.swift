import Foundation

/// Client → server frames (spec §5): only `type`, `payload` and optional `metadata`.
enum PolyAIOutgoing {
    /// `REQUEST_POLY_AGENT_JOIN`.
    static let join = #"{"type":"EVENT_TYPE_REQUEST_POLY_AGENT_JOIN","payload":{}}"#
    /// `HEARTBEAT`.
    static let heartbeat = #"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#
    /// `USER_END_SESSION`.
    static let endSession = #"{"type":"EVENT_TYPE_USER_END_SESSION","payload":{}}"#
    /// `USER_TYPING` started.
    static let typingStarted = #"{"type":"EVENT_TYPE_USER_TYPING","payload":{"state":"TYPING_STATE_STARTED"}}"#
    /// `USER_TYPING` stopped.
    static let typingStopped = #"{"type":"EVENT_TYPE_USER_TYPING","payload":{"state":"TYPING_STATE_STOPPED"}}"#

    /// `USER_MESSAGE` with our `local_id` in `metadata.custom`.
    static func userMessage(text: String, localId: String) -> String {
        struct Frame: Encodable {
            struct Payload: Encodable { var text: String }
            struct Metadata: Encodable { var custom: [String: String] }
            var type = "EVENT_TYPE_USER_MESSAGE"
            var payload: Payload
            var metadata: Metadata
        }
        let frame = Frame(payload: .init(text: text), metadata: .init(custom: ["local_id": localId]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(frame)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
