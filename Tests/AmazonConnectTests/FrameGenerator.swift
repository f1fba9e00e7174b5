import Foundation

/// Random `aws/chat` frames for comparing the fast decoder with `JSONDecoder`: every field
/// optional or present, null where allowed, escapes of every kind (short, `\uXXXX`, surrogate
/// pairs, `\/`), unicode text, unknown fields of every JSON type, keys in any order, whitespace.
enum FrameGenerator {
    static let types = ["MESSAGE", "EVENT", "ATTACHMENT", "MESSAGEMETADATA", "CONNECTION_ACK", "WEIRD"]
    static let roles = ["AGENT", "CUSTOMER", "SYSTEM", "CUSTOM_BOT", "SUPERVISOR", "OTHER"]
    static let contentTypes = [
        "text/plain", "text/markdown", "application/vnd.amazonaws.connect.event.typing",
        "application/vnd.amazonaws.connect.event.participant.joined", "application/vnd.amazonaws.connect.event.chat.ended",
        "application/vnd.amazonaws.connect.event.participant.left", "application/vnd.amazonaws.connect.event.something.new",
    ]
    static let fragments = [
        "Hello", "¿Qué tal?", "naïve café", "日本語のテキスト", "한국어", "👍🏽", "👨‍👩‍👧", "🇩🇪", "e\u{301}", "\"quoted\"",
        "back\\slash", "tab\there", "line\nbreak", "\r\n", "\u{1}\u{1F}", "/path/", "<b>bold</b>", "**md**", "  ", "",
        "\u{7F}", "\u{2028}", "{\"json\":[1,2]}",
    ]

    /// One frame.
    static func frame(using random: inout some RandomNumberGenerator) -> String {
        var fields: [(String, String)] = []
        func add(_ key: String, _ value: String, optional: Bool) {
            let roll = Int.random(in: 0..<10, using: &random)
            if optional && roll == 0 { return }
            if optional && roll == 1 {
                fields.append((key, "null"))
                return
            }
            fields.append((key, encode(value, using: &random)))
        }
        add("AbsoluteTime", timestamp(using: &random), optional: false)
        add("Id", "id-" + text(using: &random), optional: false)
        add("Type", types.randomElement(using: &random) ?? "MESSAGE", optional: false)
        add("Content", text(using: &random), optional: true)
        add("ContentType", contentTypes.randomElement(using: &random) ?? "text/plain", optional: true)
        add("ParticipantId", "p-" + text(using: &random), optional: true)
        add("DisplayName", ["Ava", "BOT", "SYSTEM_MESSAGE", "", text(using: &random)].randomElement(using: &random) ?? "", optional: true)
        add("ParticipantRole", roles.randomElement(using: &random) ?? "AGENT", optional: true)
        add("ContactId", "c1", optional: true)
        add("InitialContactId", "c1", optional: true)
        add("RelatedContactId", "c0", optional: true)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            fields.append(("X-" + String(Int.random(in: 0...99, using: &random)), unknownValue(using: &random)))
        }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: fields.append(("MessageMetadata", #"{"MessageId":"m1","Receipts":[{"ReadTimestamp":"2025-06-12T14:04:18.751Z"}]}"#))
        case 1, 2: fields.append(("MessageMetadata", metadata(using: &random)))
        default: break
        }
        if Int.random(in: 0..<15, using: &random) == 0 {
            fields.append(("Attachments", #"[{"AttachmentId":"a1","AttachmentName":"x.png","Status":"APPROVED"}]"#))
        }
        fields.shuffle(using: &random)
        // Drop a required field now and then: both paths must then throw.
        if Int.random(in: 0..<25, using: &random) == 0, !fields.isEmpty { fields.removeFirst() }
        let inner = "{" + fields.map { "\(space(&random))\"\($0.0)\"\(space(&random)):\(space(&random))\($0.1)" }
            .joined(separator: ",") + "}"
        var envelope: [(String, String)] = [
            ("topic", "\"aws/chat\""), ("content", encode(inner, using: &random)), ("contentType", "\"application/json\""),
        ]
        if Int.random(in: 0..<5, using: &random) == 0 { envelope.append(("extra", unknownValue(using: &random))) }
        envelope.shuffle(using: &random)
        return space(&random) + "{" + envelope.map { "\"\($0.0)\":\(space(&random))\($0.1)" }.joined(separator: ",") + "}"
            + space(&random)
    }

    /// A `MessageMetadata` object as a streamed reply's chunk or a processing notice carries it, its
    /// values now and then of a shape `JSONDecoder` reads differently or refuses (a fraction, an
    /// exponent, a sign, a leading zero, a number too big, a string for a number, a repeated key).
    static func metadata(using random: inout some RandomNumberGenerator) -> String {
        let numbers = ["1", "7", "0", "1234", "1.0", "2e1", "-3", "01", "99999999999999999999", "\"4\"", "null", "true"]
        let flags = ["true", "false", "null", "0", "\"false\""]
        var fields: [(String, String)] = []
        if Int.random(in: 0..<5, using: &random) != 0 { fields.append(("MessageId", encode("m-" + text(using: &random), using: &random))) }
        if Int.random(in: 0..<2, using: &random) == 0 { fields.append(("MessageCompleted", flags.randomElement(using: &random) ?? "false")) }
        if Int.random(in: 0..<2, using: &random) == 0 {
            let common = Int.random(in: 0..<2, using: &random) == 0
            fields.append(("ChunkNumber", common ? String(Int.random(in: 1...900, using: &random)) : numbers.randomElement(using: &random) ?? "1"))
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            fields.append(("MessageProcessingStatus", ["\"PROCESSING\"", "\"FAILED\"", "null", "3"].randomElement(using: &random) ?? "null"))
        }
        if Int.random(in: 0..<6, using: &random) == 0 { fields.append(("X-meta", unknownValue(using: &random))) }
        if Int.random(in: 0..<15, using: &random) == 0, let first = fields.first { fields.append(first) }
        fields.shuffle(using: &random)
        return "{" + fields.map { "\(space(&random))\"\($0.0)\":\(space(&random))\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A timestamp, mostly in Connect's shape, sometimes not.
    static func timestamp(using random: inout some RandomNumberGenerator) -> String {
        let year = Int.random(in: 1950...2099, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...31, using: &random)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day,
                          Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random),
                          Int.random(in: 0...59, using: &random))
        let digits = Int.random(in: 0...9, using: &random)
        if digits > 0 {
            text += "." + (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return text + "+00:00"
        case 1: return text
        case 2: return "not a time"
        default: return text + "Z"
        }
    }

    private static func text(using random: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in fragments.randomElement(using: &random) ?? "" }.joined()
    }

    private static func space(_ random: inout some RandomNumberGenerator) -> String {
        ["", "", "", " ", "\n  ", "\t"].randomElement(using: &random) ?? ""
    }

    private static func unknownValue(using random: inout some RandomNumberGenerator) -> String {
        [
            "12", "-0.5e+3", "true", "false", "null", "[]", "{}", #"[1,"two",{"three":[null]}]"#, #"{"a":{"b":"\u00e9"}}"#,
            encode(text(using: &random), using: &random),
        ].randomElement(using: &random) ?? "0"
    }

    /// A JSON string literal of `value`, escaping in one of several equally valid ways.
    static func encode(_ value: String, using random: inout some RandomNumberGenerator) -> String {
        let style = Int.random(in: 0..<3, using: &random)
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += style == 0 ? "\\u000a" : "\\n"
            case "\t": output += style == 0 ? "\\u0009" : "\\t"
            case "\r": output += "\\r"
            case "/": output += style == 1 ? "\\/" : "/"
            default:
                if scalar.value < 0x20 || (style == 2 && scalar.value > 0x7E) {
                    for unit in String(scalar).utf16 { output += String(format: "\\u%04x", unit) }
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
