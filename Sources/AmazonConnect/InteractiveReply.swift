import ChatModel
import Foundation
import SessionCore

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
    static func listPaging(_ action: String, list: JSONValue) -> ChoiceReply {
        func number(_ key: String) -> JSONText {
            if case .integer(let whole) = list[key] { return .int(whole) }
            return .null
        }
        func string(_ key: String) -> JSONText { list[key]?.string.map { .string($0) } ?? .null }
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
        guard let object = JSONValue(parsing: content), let action = object["action"]?.string else { return nil }
        let data = object["data"] ?? .object([:])
        if object["templateType"]?.string == "ViewResource" {
            if action == " ", let text = data["content"]?.string { return text }
            let fields = (data.object ?? [:]).map { ($0.key, JSONText($0.value)) }
            let values = displayValues(fields)
            return values.isEmpty ? action : "\(action) — \(values)"
        }
        if data["templateType"]?.string == "ListPicker" { return pagingDisplay(action) }
        return nil
    }

    /// How a carousel selection sent as plain text reads; nil for any other text.
    static func display(ofPlain text: String) -> String? {
        guard text.hasPrefix("{"), let object = JSONValue(parsing: text)?.object, object.count == 3,
            object["templateIdentifier"]?.string != nil, let title = object["listTitle"]?.string,
            let selection = object["selectionText"]?.string
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

/// A JSON value written with its object keys in a fixed order.
indirect enum JSONText: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case number(Double)
    case bool(Bool)
    case null
    case object([(String, JSONText)])

    static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.text == rhs.text }

    /// A value read from JSON, written back (object keys sorted; a field's value in an answer's echo
    /// is a string, number or boolean, anything else is written `null`).
    init(_ value: JSONValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .integer(let whole): self = .int(whole)
        case .number(let number): self = .number(number)
        case .object(let members): self = .object(members.keys.sorted().compactMap { key in members[key].map { (key, JSONText($0)) } })
        case .null, .array: self = .null
        }
    }

    /// The compact JSON text.
    var text: String {
        switch self {
        case .string(let value): JSONValue.quoted(value)
        case .int(let value): String(value)
        case .number(let value): JSONValue.numberText(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .object(let members):
            "{" + members.map { JSONValue.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}
