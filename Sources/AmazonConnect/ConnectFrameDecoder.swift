import SessionCore
import Foundation

/// Decodes `aws/chat` socket frames (spec §3.3–3.5).
enum ConnectFrameDecoder {
    /// Events in one text frame (an item with an unreadable time is placed at `arrival`); throws
    /// `BackendError.protocolViolation` on malformed JSON.
    static func decode(_ frame: String, arrival: Date? = nil) throws -> [BackendEvent] {
        if let item = ConnectFastFrameDecoder.item(frame) { return ConnectItemMapper.events(for: item, arrival: arrival) }
        return try decodeWithJSONDecoder(frame, arrival: arrival)
    }

    /// The general path: `JSONDecoder` for the envelope and the item (every frame the fast path declines).
    static func decodeWithJSONDecoder(_ frame: String, arrival: Date? = nil) throws -> [BackendEvent] {
        let envelope: ConnectSocketFrame
        do {
            envelope = try JSONDecoder().decode(ConnectSocketFrame.self, from: Data(frame.utf8))
        } catch {
            throw BackendError.protocolViolation("a socket frame was not valid JSON")
        }
        switch envelope.topic {
        case "aws/chat":
            guard case .text(let inner) = envelope.content else {
                throw BackendError.protocolViolation("an aws/chat frame had no content")
            }
            do {
                let item = try JSONDecoder().decode(ConnectItem.self, from: Data(inner.utf8))
                return ConnectItemMapper.events(for: item, arrival: arrival)
            } catch {
                throw BackendError.protocolViolation("an aws/chat item could not be read (\(Self.missingField(error)))")
            }
        case "aws/subscribe":
            if case .subscription(let status) = envelope.content, status == "success" { return [.subscribed] }
            return [.subscriptionFailed]
        case "aws/heartbeat":
            return [.alive]
        case "aws/ping":
            if envelope.statusCode == 200 { return [.alive, .deepHeartbeatOK] }
            return [.alive, .degraded("deep heartbeat status \(envelope.statusCode.map(String.init) ?? "missing")")]
        case nil:
            if let message = envelope.message { return [.serverError(message)] }
            return []
        default:
            return []
        }
    }

    private static func missingField(_ error: any Error) -> String {
        if case DecodingError.keyNotFound(let key, _) = error { return "missing \(key.stringValue)" }
        if case DecodingError.typeMismatch(_, let context) = error {
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        return "invalid JSON"
    }
}
