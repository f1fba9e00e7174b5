import ChatModel
import Foundation

/// What the customer sends to answer an interactive message (spec §3.6 "How the customer answers"),
/// and how such an answer reads in the transcript.
///
/// Payloads are written key by key in the order the official clients send them, so the wire text
/// is exactly theirs.
enum InteractiveReply {
    /// The content type of view answers and list picker paging.
    static let responseType = "application/vnd.amazonaws.connect.message.interactive.response"

    /// A view's action with the fields filled in:
    /// `{"action":"Submit","data":{"Street":"12 Pine St"},"templateType":"ViewResource","version":"1.0"}`.
    static func viewAction(_ action: String, form: ChatForm) -> ChoiceReply {
        let data = JSONText.object(form.filled.map { ($0.name, value(of: $0)) })
        let content = JSONText.object([
            ("action", .string(action)), ("data", data), ("templateType", .string("ViewResource")),
            ("version", .string("1.0")),
        ])
        let values = displayValues(form.filled.map { ($0.name, value(of: $0)) })
        return ChoiceReply(
            contentType: responseType, content: content.text, display: values.isEmpty ? action : "\(action) — \(values)")
    }

    /// Text typed while a view waits for an answer: `{"action":" ","data":{"content":"…"},…}`.
    static func viewText(_ text: String) -> ChoiceReply {
        let content = JSONText.object([
            ("action", .string(" ")), ("data", .object([("content", .string(text))])),
            ("templateType", .string("ViewResource")), ("version", .string("1.0")),
        ])
        return ChoiceReply(contentType: responseType, content: content.text, display: text)
    }

    /// A list picker's paging element (`SHOW_MORE` or `PREVIOUS_OPTIONS`), with the list's paging fields.
    static func listPaging(_ action: String, list: [String: Any]) -> ChoiceReply {
        func number(_ key: String) -> JSONText { (list[key] as? Int).map { .int($0) } ?? .null }
        func string(_ key: String) -> JSONText { (list[key] as? String).map { .string($0) } ?? .null }
        let content = JSONText.object([
            ("version", .string("1.0")),
            ("data", .object([
                ("actionName", .string(action)), ("preIndex", number("preIndex")), ("nextIndex", number("nextIndex")),
                ("listId", string("listId")), ("templateType", .string("ListPicker")),
                ("referenceId", string("referenceId")),
            ])),
            ("action", .string(action)),
        ])
        return ChoiceReply(contentType: responseType, content: content.text, display: pagingDisplay(action))
    }

    /// A carousel option: plain text holding `{"templateIdentifier","listTitle","selectionText"}`.
    static func carousel(templateIdentifier: String, listTitle: String, selectionText: String) -> ChoiceReply {
        let content = JSONText.object([
            ("templateIdentifier", .string(templateIdentifier)), ("listTitle", .string(listTitle)),
            ("selectionText", .string(selectionText)),
        ])
        return ChoiceReply(
            contentType: "text/plain", content: content.text,
            display: carouselDisplay(listTitle: listTitle, selectionText: selectionText))
    }

    /// How an `interactive.response` reads in the transcript (the same text its sender was shown); nil
    /// when it is not one Helpline knows.
    static func display(ofResponse content: String) -> String? {
        guard let object = ConnectView.json(content), let action = object["action"] as? String else { return nil }
        let data = object["data"] as? [String: Any] ?? [:]
        if object["templateType"] as? String == "ViewResource" {
            if action == " ", let text = data["content"] as? String { return text }
            let fields = (try? JSONDecoder().decode(ViewAnswerWire.self, from: Data(content.utf8)))?.data ?? [:]
            let values = displayValues(fields.map { ($0.key, $0.value.json) })
            return values.isEmpty ? action : "\(action) — \(values)"
        }
        if data["templateType"] as? String == "ListPicker" { return pagingDisplay(action) }
        return nil
    }

    /// How a carousel selection sent as plain text reads; nil for any other text.
    static func display(ofPlain text: String) -> String? {
        guard text.hasPrefix("{"), let object = ConnectView.json(text), object.count == 3,
            object["templateIdentifier"] is String, let title = object["listTitle"] as? String,
            let selection = object["selectionText"] as? String
        else { return nil }
        return carouselDisplay(listTitle: title, selectionText: selection)
    }

    private static func carouselDisplay(listTitle: String, selectionText: String) -> String {
        listTitle.isEmpty ? selectionText : "\(listTitle): \(selectionText)"
    }

    private static func pagingDisplay(_ action: String) -> String {
        switch action {
        case "SHOW_MORE": "Show more options"
        case "PREVIOUS_OPTIONS": "Previous options"
        default: action
        }
    }

    /// A field's value as the answer carries it: a number or boolean when the field says so.
    private static func value(of field: FormField) -> JSONText {
        switch field.type {
        case "number", "integer": Double(field.value).map { .number($0) } ?? .string(field.value)
        case "boolean": .bool(field.value.lowercased() == "true")
        default: .string(field.value)
        }
    }

    /// `Name: value, …` sorted by name, values as the JSON carries them (so the sender's and the
    /// echo's texts are the same, which matches an early echo to its pending message).
    private static func displayValues(_ fields: [(String, JSONText)]) -> String {
        fields.sorted { $0.0 < $1.0 }.map { name, value in
            if case .string(let text) = value { return "\(name): \(text)" }
            return "\(name): \(value.text)"
        }.joined(separator: ", ")
    }
}

/// The `data` of a view's answer, read back from its echo.
private struct ViewAnswerWire: Decodable {
    /// One field's value.
    enum Value: Decodable {
        case string(String), bool(Bool), number(Double), other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .other
            }
        }

        var json: JSONText {
            switch self {
            case .string(let text): .string(text)
            case .bool(let flag): .bool(flag)
            case .number(let number): .number(number)
            case .other: .null
            }
        }
    }
    var data: [String: Value]
}

/// A JSON value written with its object keys in a fixed order.
indirect enum JSONText: Sendable, Equatable {
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case null
    case object([(String, JSONText)])

    static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.text == rhs.text }

    /// The compact JSON text.
    var text: String {
        switch self {
        case .string(let value): Self.quote(value)
        case .int(let value): String(value)
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .object(let members): "{" + members.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
