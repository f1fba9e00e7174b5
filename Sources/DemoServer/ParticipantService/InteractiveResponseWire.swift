import Foundation

/// A customer's `application/vnd.amazonaws.connect.message.interactive.response` (spec §3.6), as the
/// demo reads it. The demo checks the exact shape the official clients send — every key present, no
/// other key — and refuses anything else with a ValidationException, so a client bug cannot hide.
enum InteractiveAnswer: Sendable, Equatable {
    /// A view's action (`Submit`, `Cancel`, …) with the fields the customer filled in.
    case viewAction(action: String, data: [String: String])
    /// Text typed while a view was waiting (`action` `" "`, `data` `{"content": …}`).
    case viewText(String)
    /// A list picker's `SHOW_MORE` or `PREVIOUS_OPTIONS`.
    case listPaging(action: String, listId: String?, preIndex: Int?, nextIndex: Int?)
    /// A carousel option, sent as plain text holding `{"templateIdentifier","listTitle","selectionText"}`.
    case carousel(templateIdentifier: String, listTitle: String, selectionText: String)

    /// The content type of these answers.
    static let contentType = "application/vnd.amazonaws.connect.message.interactive.response"

    /// The action the flow reacts to (nil for typed text, which is matched like a message).
    var action: String? {
        switch self {
        case .viewAction(let action, _), .listPaging(let action, _, _, _): action
        case .viewText, .carousel: nil
        }
    }

    /// The text the flow sees as the customer's message.
    var text: String {
        switch self {
        case .viewAction(let action, _), .listPaging(let action, _, _, _): action
        case .viewText(let text): text
        case .carousel(_, let title, let selection): title.isEmpty ? selection : "\(title): \(selection)"
        }
    }

    /// The fields of a view action (empty otherwise).
    var fields: [String: String] {
        if case .viewAction(_, let data) = self { return data }
        return [:]
    }

    /// Reads and checks an answer's content.
    static func parse(_ content: String) throws -> InteractiveAnswer {
        guard let data = content.data(using: .utf8),
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { throw invalid("the content is not a JSON object") }
        if root["templateType"] as? String == "ViewResource" {
            try exactKeys(root, ["action", "data", "templateType", "version"], "the answer")
            let wire = try decode(ViewResponseWire.self, from: data)
            guard wire.version == "1.0" else { throw invalid("version must be \"1.0\"") }
            guard let fields = root["data"] as? [String: Any] else { throw invalid("data must be an object") }
            if wire.action == " " {
                try exactKeys(fields, ["content"], "data of a typed answer")
                guard let text = fields["content"] as? String, !text.isEmpty else {
                    throw invalid("data.content must be the typed text")
                }
                return .viewText(text)
            }
            guard !wire.action.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid("action is empty") }
            var values: [String: String] = [:]
            for (key, value) in fields {
                switch value {
                case let text as String: values[key] = text
                case let number as NSNumber: values[key] = number.stringValue
                default: throw invalid("data.\(key) must be a string, number or boolean")
                }
            }
            return .viewAction(action: wire.action, data: values)
        }
        try exactKeys(root, ["version", "data", "action"], "the answer")
        let wire = try decode(ListPagingWire.self, from: data)
        try exactKeys(
            (root["data"] as? [String: Any]) ?? [:],
            ["actionName", "preIndex", "nextIndex", "listId", "templateType", "referenceId"], "data")
        guard wire.version == "1.0", wire.data.templateType == "ListPicker",
            ["SHOW_MORE", "PREVIOUS_OPTIONS"].contains(wire.action), wire.data.actionName == wire.action
        else { throw invalid("only ViewResource answers and ListPicker paging (SHOW_MORE, PREVIOUS_OPTIONS) are known") }
        return .listPaging(
            action: wire.action, listId: wire.data.listId, preIndex: wire.data.preIndex, nextIndex: wire.data.nextIndex)
    }

    /// What a customer without interactive messages (PolyAI) can answer a template with, as text: element
    /// titles (not list paging elements), a time picker's slot dates, a carousel's `Panel: option`s.
    static func options(templateType: String?, content: [String: Any]) -> [String] {
        switch templateType {
        case "TimePicker":
            return (content["timeslots"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
        case "Carousel":
            return (content["elements"] as? [[String: Any]] ?? []).flatMap { panel -> [String] in
                let inner = ((panel["data"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
                let title = inner["title"] as? String ?? ""
                return (inner["elements"] as? [[String: Any]] ?? []).compactMap { element in
                    (element["title"] as? String).map { title.isEmpty ? $0 : "\(title): \($0)" }
                }
            }
        default:
            return (content["elements"] as? [[String: Any]] ?? []).compactMap { element in
                element["actionDetail"] == nil ? element["title"] as? String : nil
            }
        }
    }

    /// The carousel selection a plain-text message carries, if it is exactly one (else it is just text).
    static func carouselSelection(_ content: String) -> InteractiveAnswer? {
        guard content.hasPrefix("{"), let data = content.data(using: .utf8),
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            Set(root.keys) == ["templateIdentifier", "listTitle", "selectionText"],
            let wire = try? JSONDecoder().decode(CarouselSelectionWire.self, from: data)
        else { return nil }
        return .carousel(templateIdentifier: wire.templateIdentifier, listTitle: wire.listTitle, selectionText: wire.selectionText)
    }

    private static func exactKeys(_ object: [String: Any], _ keys: Set<String>, _ what: String) throws {
        let present = Set(object.keys)
        guard present == keys else {
            let missing = keys.subtracting(present).sorted(), extra = present.subtracting(keys).sorted()
            throw invalid("\(what) must have exactly the keys \(keys.sorted().joined(separator: ", "))"
                + (missing.isEmpty ? "" : "; missing \(missing.joined(separator: ", "))")
                + (extra.isEmpty ? "" : "; unexpected \(extra.joined(separator: ", "))"))
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw invalid("the answer does not have the expected types")
        }
    }

    private static func invalid(_ reason: String) -> ParticipantServiceError {
        .validation("Invalid interactive response: \(reason).")
    }
}

/// `{"action","data","templateType":"ViewResource","version"}` (data checked separately: any fields).
private struct ViewResponseWire: Decodable {
    var action: String
    var templateType: String
    var version: String
}

/// `{"version","data":{"actionName","preIndex","nextIndex","listId","templateType","referenceId"},"action"}`.
private struct ListPagingWire: Decodable {
    struct Paging: Decodable {
        var actionName: String
        var preIndex: Int?
        var nextIndex: Int?
        var listId: String?
        var templateType: String
        var referenceId: String?
    }
    var version: String
    var data: Paging
    var action: String
}

/// `{"templateIdentifier","listTitle","selectionText"}`: a carousel option as the official clients send it.
private struct CarouselSelectionWire: Decodable {
    var templateIdentifier: String
    var listTitle: String
    var selectionText: String
}
