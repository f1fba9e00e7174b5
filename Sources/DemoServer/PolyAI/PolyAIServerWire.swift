import Foundation

/// Builds PolyAI envelopes and tokens for the simulator, written from the spec (no client code).
enum PolyAIServerWire {
    /// `EVENT_TYPE_` + name.
    static func type(_ name: String) -> String { "EVENT_TYPE_" + name }

    /// The customer's name from a client event's `metadata.custom.display_name` (Helpline sends it
    /// with `REQUEST_POLY_AGENT_JOIN`; the protocol has no name field): trimmed, at most 64
    /// characters, control characters dropped; nil when absent or empty.
    static func customerName(_ metadata: Any?) -> String? {
        guard let custom = (metadata as? [String: Any])?["custom"] as? [String: Any],
            let raw = custom["display_name"] as? String
        else { return nil }
        let kept = String(String.UnicodeScalarView(raw.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let name = String(kept.trimmingCharacters(in: .whitespaces).prefix(64))
        return name.isEmpty ? nil : name
    }

    /// An envelope as JSON text.
    static func envelope(
        id: String, sequence: Int?, time: Date, type name: String, payload: [String: Any],
        metadata: [String: Any]? = nil
    ) -> String {
        var object: [String: Any] = [
            "id": id, "sequence": sequence.map { $0 as Any } ?? NSNull(), "timestamp": timestamp(time),
            "type": type(name), "payload": payload,
        ]
        if let metadata { object["metadata"] = metadata }
        return json(object)
    }

    /// `{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[…]}}` from encoded envelopes, with
    /// `padding` (letters and spaces only) as a field clients do not know.
    static func batch(_ events: [String], padding: String? = nil) -> String {
        let note = padding.map { #","history_note":""# + $0 + "\"" } ?? ""
        return #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":["# + events.joined(separator: ",") + "]" + note + "}}"
    }

    /// Text that takes a batch past one megabyte (the bulky-replay fault).
    static let bulk = String(repeating: "history ", count: 140_000)

    /// Compact JSON text of an object.
    static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// ISO-8601 with milliseconds, UTC.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// A JWT-shaped access token (the client checks the shape and `exp`), unsigned for the demo.
    static func mintToken(now: Date, lifetime: Int) -> String {
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let claims: [String: Any] = [
            "sub": "anon-" + UUID().uuidString.lowercased(), "iat": Int(now.timeIntervalSince1970),
            "exp": Int(now.timeIntervalSince1970) + lifetime,
        ]
        let payload = base64URL(Data(json(claims).utf8))
        var generator = SystemRandomNumberGenerator()
        let signature = base64URL(Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        return "\(header).\(payload).\(signature)"
    }

    /// Base64url without padding.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
