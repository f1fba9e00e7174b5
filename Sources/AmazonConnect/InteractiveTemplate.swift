import Foundation

/// An Amazon Connect interactive message (spec §3.6) as readable markdown plus pickable choices.
///
/// ListPicker, Panel and QuickReply offer their element titles; TimePicker offers its slots;
/// Carousel is shown with its panels' options but answered by typing (its reply is a JSON payload
/// the official clients build from a tap). Unknown templates fall back to their title.
/// ViewResource is left to ``ConnectView`` (it needs DescribeView).
struct InteractiveTemplate: Sendable, Equatable {
    /// The block to show, in markdown.
    var markdown: String
    /// What the user can pick, in order; each is sent as plain text (the element title).
    var choices: [String]

    /// Parses the `Content` of an interactive message; nil when it is not a template we can read.
    static func parse(_ content: String) -> InteractiveTemplate? {
        guard let data = content.data(using: .utf8),
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let type = root["templateType"] as? String, type != "ViewResource",
            let body = (root["data"] as? [String: Any])?["content"] as? [String: Any]
        else { return nil }
        let title = body["title"] as? String ?? type
        var lines = ["**\(title)**"]
        if let subtitle = body["subtitle"] as? String, !subtitle.isEmpty { lines.append("_\(subtitle)_") }
        if let image = body["imageData"] as? String, !image.isEmpty {
            lines.append("[image: \(body["imageDescription"] as? String ?? "picture")](\(image))")
        }
        var choices: [String] = []
        switch type {
        case "ListPicker", "Panel", "QuickReply":
            let elements = body["elements"] as? [[String: Any]] ?? []
            choices = elements.compactMap { $0["title"] as? String }
            lines.append("")
            for (index, element) in elements.enumerated() {
                guard let name = element["title"] as? String else { continue }
                let detail = (element["subtitle"] as? String).map { " — \($0)" } ?? ""
                lines.append("\(index + 1). \(name)\(detail)")
            }
        case "TimePicker":
            let slots = body["timeslots"] as? [[String: Any]] ?? []
            choices = slots.compactMap { slot in
                guard let date = slot["date"] as? String else { return nil }
                let minutes = (slot["duration"] as? Int).map { " (\($0) min)" } ?? ""
                return "\(date)\(minutes)"
            }
            if let place = (body["location"] as? [String: Any])?["title"] as? String { lines.append("at \(place)") }
            lines.append("")
            for (index, slot) in choices.enumerated() { lines.append("\(index + 1). \(slot)") }
        case "Carousel":
            let panels = body["elements"] as? [[String: Any]] ?? []
            for panel in panels {
                let inner = ((panel["data"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
                let options = (inner["elements"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
                lines.append("")
                lines.append("- **\(inner["title"] as? String ?? "option")**: \(options.joined(separator: ", "))")
            }
        default:
            break
        }
        if !choices.isEmpty { lines.append(""); lines.append("_Pick with /pick N._") }
        return InteractiveTemplate(markdown: lines.joined(separator: "\n"), choices: choices)
    }
}
