import ChatModel
import Foundation
import SessionCore

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
    static func reference(in content: String) -> (token: String, data: [String: JSONValue])? {
        guard let object = JSONValue(parsing: content), object["templateType"]?.string == "ViewResource",
            let body = object["data"]?["content"], let token = body["viewToken"]?.nonEmptyString
        else { return nil }
        let data = body["viewData"]?.object ?? body["viewData"]?.string.flatMap { JSONValue(parsing: $0)?.object } ?? [:]
        return (token, data)
    }

    /// The view filled with `data` as a form: its title and texts, then one field per input.
    ///
    /// Inputs are the input schema's properties, the `Name`s of the template's input components and
    /// the keys of `data`, except `Heading` and whatever the template shows as text (`$.Field`).
    func form(data: [String: JSONValue]) -> ChatForm {
        let template = JSONValue(parsing: template) ?? .object([:])
        let title = template["Head"]?["Title"]?.string ?? name
        var lines = ["**\(title)**"]
        if let heading = data["Heading"]?.string, !heading.isEmpty, heading != title { lines += ["", "_\(heading)_"] }
        var texts: [String] = []
        var shown: Set<String> = ["Heading"]
        var named: [String] = []
        Self.collect(template["Body"], data: data, texts: &texts, shown: &shown, inputs: &named)
        for text in texts { lines += ["", text] }
        let schema = JSONValue(parsing: inputSchema)?["properties"]?.object ?? [:]
        var names = named
        for key in Set(schema.keys).union(data.keys).sorted() where !names.contains(key) { names.append(key) }
        let fields = names.filter { !shown.contains($0) || named.contains($0) }.map { key in
            FormField(name: key, value: Self.text(data[key]) ?? "", type: schema[key]?["type"]?.string ?? "string")
        }
        return ChatForm(intro: lines.joined(separator: "\n"), fields: fields)
    }

    /// Markdown for the view filled with `data` (its actions are shown as choices).
    func markdown(data: [String: JSONValue]) -> String {
        form(data: data).markdown
    }

    /// Texts of template components (`Props.Content`, `Props.Text`, `Props.Heading`, `Props.Label`) in
    /// order, the data keys they show (`$.Field`), and the `Props.Name` of input components.
    private static func collect(
        _ node: JSONValue?, data: [String: JSONValue], texts: inout [String], shown: inout Set<String>,
        inputs: inout [String]
    ) {
        if let list = node?.array {
            for child in list { collect(child, data: data, texts: &texts, shown: &shown, inputs: &inputs) }
            return
        }
        guard let component = node, component.object != nil else { return }
        let props = component["Props"] ?? .object([:])
        if let name = props["Name"]?.nonEmptyString, !inputs.contains(name) { inputs.append(name) }
        for key in ["Heading", "Text", "Label", "Content"] {
            guard let value = props[key]?.nonEmptyString else { continue }
            let reference = value.hasPrefix("$.") ? String(value.dropFirst(2)) : nil
            if let reference { shown.insert(reference) }
            let resolved = reference.map { text(data[$0]) } ?? value
            if let resolved, !resolved.isEmpty { texts.append(resolved) }
        }
        collect(component["Content"], data: data, texts: &texts, shown: &shown, inputs: &inputs)
    }

    /// A data value as the form shows it: a string as is (nil when empty), anything else as JSON.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let string): string.isEmpty ? nil : string
        case .some(let other): other.text
        case .none: nil
        }
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
