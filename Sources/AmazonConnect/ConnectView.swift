import ChatModel
import Foundation

/// An Amazon Connect view (spec §3.6 ViewResource, DescribeView) rendered as readable markdown.
///
/// Views are step-by-step forms built for a browser; a terminal shows their title, the texts
/// in the template, the fields with the values the flow filled in (the user fills them in with
/// `/set`), and the actions as numbered choices.
struct ConnectView: Sendable, Equatable {
    /// The DescribeView answer's `View`.
    var name: String
    /// `Content.Template` (a JSON string).
    var template: String
    /// `Content.InputSchema` (a JSON string).
    var inputSchema: String
    /// `Content.Actions`.
    var actions: [String]

    /// The view token and data of a ViewResource message's `Content`; nil for other content.
    static func reference(in content: String) -> (token: String, data: [String: Any])? {
        guard let object = json(content), object["templateType"] as? String == "ViewResource",
            let body = (object["data"] as? [String: Any])?["content"] as? [String: Any],
            let token = body["viewToken"] as? String, !token.isEmpty
        else { return nil }
        let data = (body["viewData"] as? [String: Any]) ?? (body["viewData"] as? String).flatMap(json) ?? [:]
        return (token, data)
    }

    /// The view filled with `data` as a form: its title and texts, then one field per input.
    ///
    /// Inputs are the input schema's properties, the `Name`s of the template's input components and
    /// the keys of `data`, except `Heading` and whatever the template shows as text (`$.Field`).
    func form(data: [String: Any]) -> ChatForm {
        let template = Self.json(template) ?? [:]
        let title = ((template["Head"] as? [String: Any])?["Title"] as? String) ?? name
        var lines = ["**\(title)**"]
        if let heading = data["Heading"] as? String, !heading.isEmpty, heading != title { lines += ["", "_\(heading)_"] }
        var texts: [String] = []
        var shown: Set<String> = ["Heading"]
        var named: [String] = []
        Self.collect(template["Body"], data: data, texts: &texts, shown: &shown, inputs: &named)
        for text in texts { lines += ["", text] }
        let schema = (Self.json(inputSchema)?["properties"] as? [String: Any]) ?? [:]
        var names = named
        for key in Set(schema.keys).union(data.keys).sorted() where !names.contains(key) { names.append(key) }
        let fields = names.filter { !shown.contains($0) || named.contains($0) }.map { key in
            FormField(
                name: key, value: Self.text(data[key]) ?? "",
                type: ((schema[key] as? [String: Any])?["type"] as? String) ?? "string")
        }
        return ChatForm(intro: lines.joined(separator: "\n"), fields: fields)
    }

    /// Markdown for the view filled with `data` (its actions are shown as choices).
    func markdown(data: [String: Any]) -> String {
        form(data: data).markdown
    }

    /// Texts of template components (`Props.Content`, `Props.Text`, `Props.Heading`, `Props.Label`) in
    /// order, the data keys they show (`$.Field`), and the `Props.Name` of input components.
    private static func collect(
        _ node: Any?, data: [String: Any], texts: inout [String], shown: inout Set<String>, inputs: inout [String]
    ) {
        if let list = node as? [Any] {
            for child in list { collect(child, data: data, texts: &texts, shown: &shown, inputs: &inputs) }
            return
        }
        guard let component = node as? [String: Any] else { return }
        let props = component["Props"] as? [String: Any] ?? [:]
        if let name = props["Name"] as? String, !name.isEmpty, !inputs.contains(name) { inputs.append(name) }
        for key in ["Heading", "Text", "Label", "Content"] {
            guard let value = props[key] as? String, !value.isEmpty else { continue }
            let reference = value.hasPrefix("$.") ? String(value.dropFirst(2)) : nil
            if let reference { shown.insert(reference) }
            let resolved = reference.map { text(data[$0]) } ?? value
            if let resolved, !resolved.isEmpty { texts.append(resolved) }
        }
        collect(component["Content"], data: data, texts: &texts, shown: &shown, inputs: &inputs)
    }

    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string.isEmpty ? nil : string
        case let number as NSNumber: number.stringValue
        case .some(let other): String(describing: other)
        case .none: nil
        }
    }

    /// The JSON object in `text`, if it holds one.
    static func json(_ text: String) -> [String: Any]? {
        guard let data = text.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// DescribeView response body.
struct DescribeViewResponse: Decodable {
    /// `View`.
    struct View: Decodable {
        /// `View.Content`.
        struct Content: Decodable {
            var inputSchema: String?
            var template: String?
            var actions: [String]?
            enum CodingKeys: String, CodingKey { case inputSchema = "InputSchema", template = "Template", actions = "Actions" }
        }
        var name: String?
        var content: Content?
        enum CodingKeys: String, CodingKey { case name = "Name", content = "Content" }
    }
    var view: View?
    enum CodingKeys: String, CodingKey { case view = "View" }
}
