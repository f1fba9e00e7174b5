import Foundation

/// One socket frame in a few words that tell frames apart (the diagnostics pane lists them before
/// their shortened JSON, whose first 80 columns are often the same): for Connect the topic and, for
/// chat frames, the item's type, content type, sender role, id and text; for PolyAI the event type,
/// sequence, message id and text.
///
/// ```swift
/// FrameSummary.summary(of: ["topic": "aws/ping", "statusCode": 200])  // "aws/ping 200"
/// ```
public enum FrameSummary {
    /// The summary of a decoded frame (its nested JSON decoded too, or not), or nil for a frame
    /// that is neither a Connect nor a PolyAI frame. May hold anything the other side sent: callers
    /// make it safe for their output.
    public static func summary(of value: Any) -> String? {
        guard let object = value as? [String: Any] else { return nil }
        if let topic = object["topic"] as? String { return connect(topic: topic, object) }
        if let type = object["type"] as? String { return polyAI(type: type, object) }
        return nil
    }

    private static func connect(topic: String, _ object: [String: Any]) -> String {
        var parts = [topic]
        if let status = object["statusCode"] { parts.append("\(status)") }
        let content = object["content"]
        let item = (content as? String).flatMap(json) ?? (content as? [String: Any])
        if let item, item["Type"] != nil || item["Id"] != nil {
            for key in ["Type", "ContentType", "ParticipantRole"] { if let value = item[key] as? String { parts.append(value) } }
            if let id = item["Id"] as? String { parts.append("id " + short(id)) }
            if let body = item["Content"] as? String, !body.isEmpty { parts.append(quoted(body)) }
        } else if let status = item?["status"] as? String {
            parts.append(status)
        }
        return parts.joined(separator: " ")
    }

    private static func polyAI(type: String, _ object: [String: Any]) -> String {
        var parts = [type.hasPrefix("EVENT_TYPE_") ? String(type.dropFirst("EVENT_TYPE_".count)) : type]
        if let sequence = object["sequence"] { parts.append("#\(sequence)") }
        let payload = object["payload"] as? [String: Any] ?? [:]
        if let events = payload["events"] as? [Any] { parts.append("of \(events.count)") }
        if let id = payload["message_id"] as? String { parts.append("id " + short(id)) }
        if let index = payload["chunk_index"] ?? payload["index"] { parts.append("chunk \(index)") }
        if let text = (payload["text"] ?? payload["message"]) as? String, !text.isEmpty { parts.append(quoted(text)) }
        return parts.joined(separator: " ")
    }

    private static func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The first 8 characters of an id: enough to tell frames apart in a list.
    private static func short(_ id: String) -> String { id.count > 9 ? String(id.prefix(8)) + "…" : id }

    private static func quoted(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return "“" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "”"
    }
}
