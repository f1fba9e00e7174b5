import Foundation

/// Client → server frames (spec §5): only `type`, `payload` and optional `metadata`.
enum PolyAIOutgoing {
    /// `REQUEST_POLY_AGENT_JOIN`.
    static let join = #"{"type":"EVENT_TYPE_REQUEST_POLY_AGENT_JOIN","payload":{}}"#

    /// `REQUEST_POLY_AGENT_JOIN`, with the customer's name in `metadata.custom.display_name` when
    /// one was given (the protocol has no name field; custom metadata is the documented way to
    /// pass the agent something).
    static func join(announcing name: String?) -> String {
        guard let name else { return join }
        return frame(type: "EVENT_TYPE_REQUEST_POLY_AGENT_JOIN", text: nil, custom: ["display_name": name])
    }
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
        frame(type: "EVENT_TYPE_USER_MESSAGE", text: text, custom: ["local_id": localId])
    }

    /// A frame with a payload (`text`, or empty) and custom metadata, keys sorted.
    private static func frame(type: String, text: String?, custom: [String: String]) -> String {
        struct Frame: Encodable {
            struct Payload: Encodable { var text: String? }
            struct Metadata: Encodable { var custom: [String: String] }
            var type: String
            var payload: Payload
            var metadata: Metadata
        }
        let frame = Frame(type: type, payload: .init(text: text), metadata: .init(custom: custom))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(frame)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
