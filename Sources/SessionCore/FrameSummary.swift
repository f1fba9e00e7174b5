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
    public static func summary(of value: JSONValue) -> String? {
        guard value.object != nil else { return nil }
        if let topic = value["topic"]?.string { return connect(topic: topic, value) }
        if let type = value["type"]?.string { return polyAI(type: type, value) }
        return nil
    }

    private static func connect(topic: String, _ object: JSONValue) -> String {
        var parts = [topic]
        if let status = object["statusCode"] { parts.append(shown(status)) }
        let content = object["content"]
        let item = content?.string.flatMap { JSONValue(parsing: $0) } ?? content
        if let item, item["Type"] != nil || item["Id"] != nil {
            for key in ["Type", "ContentType", "ParticipantRole"] { if let value = item[key]?.string { parts.append(value) } }
            if let id = item["Id"]?.string { parts.append("id " + short(id)) }
            if let body = item["Content"]?.nonEmptyString { parts.append(quoted(body)) }
        } else if let status = item?["status"]?.string {
            parts.append(status)
        }
        return parts.joined(separator: " ")
    }

    private static func polyAI(type: String, _ object: JSONValue) -> String {
        var parts = [type.hasPrefix("EVENT_TYPE_") ? String(type.dropFirst("EVENT_TYPE_".count)) : type]
        if let sequence = object["sequence"] { parts.append("#" + shown(sequence)) }
        let payload = object["payload"] ?? .object([:])
        if let events = payload["events"]?.array { parts.append("of \(events.count)") }
        if let id = payload["message_id"]?.string { parts.append("id " + short(id)) }
        if let index = payload["chunk_index"] ?? payload["index"] { parts.append("chunk " + shown(index)) }
        if let text = (payload["text"] ?? payload["message"])?.nonEmptyString { parts.append(quoted(text)) }
        return parts.joined(separator: " ")
    }

    /// A value as it reads in a summary: a string's text, anything else as JSON.
    private static func shown(_ value: JSONValue) -> String { value.string ?? value.text }

    /// The first 8 characters of an id: enough to tell frames apart in a list.
    private static func short(_ id: String) -> String { id.count > 9 ? String(id.prefix(8)) + "…" : id }

    private static func quoted(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return "“" + (line.count > 40 ? String(line.prefix(39)) + "…" : line) + "”"
    }
}
