import Foundation

/// An Amazon Connect view (spec §3.6 ViewResource, DescribeView) rendered as readable markdown.
///
/// Views are step-by-step forms built for a browser; a terminal shows their title, the texts
/// in the template, the fields with the values the flow filled in, and the actions by name.
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

    /// Markdown for the view filled with `data`.
    func markdown(data: [String: Any]) -> String {
        let template = Self.json(template) ?? [:]
        let title = ((template["Head"] as? [String: Any])?["Title"] as? String) ?? name
        var lines = ["**\(title)**"]
        if let heading = data["Heading"] as? String, !heading.isEmpty, heading != title { lines += ["", "_\(heading)_"] }
        var texts: [String] = []
        Self.collectTexts(template["Body"], data: data, into: &texts)
        for text in texts { lines += ["", text] }
        let schema = (Self.json(inputSchema)?["properties"] as? [String: Any]) ?? [:]
        let fields = Set(schema.keys).union(data.keys).subtracting(["Heading"]).sorted()
        if !fields.isEmpty {
            lines.append("")
            for field in fields { lines.append("- \(field): \(Self.text(data[field]) ?? "—")") }
        }
        if !actions.isEmpty {
            lines.append("")
            lines.append("Actions: " + actions.joined(separator: " · ") + " _(answer by typing)_")
        }
        return lines.joined(separator: "\n")
    }

    /// Texts of template components (`Props.Content`, `Props.Text`, `Props.Heading`, `Props.Label`), in order.
    private static func collectTexts(_ node: Any?, data: [String: Any], into texts: inout [String]) {
        if let list = node as? [Any] {
            for child in list { collectTexts(child, data: data, into: &texts) }
            return
        }
        guard let component = node as? [String: Any] else { return }
        let props = component["Props"] as? [String: Any] ?? [:]
        for key in ["Heading", "Text", "Label", "Content"] {
            guard let value = props[key] as? String, !value.isEmpty else { continue }
            let resolved = value.hasPrefix("$.") ? text(data[String(value.dropFirst(2))]) : value
            if let resolved, !resolved.isEmpty { texts.append(resolved) }
        }
        collectTexts(component["Content"], data: data, into: &texts)
    }

    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string.isEmpty ? nil : string
        case let number as NSNumber: number.stringValue
        case .some(let other): String(describing: other)
        case .none: nil
        }
    }

    private static func json(_ text: String) -> [String: Any]? {
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
