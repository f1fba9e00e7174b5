import ChatModel
import Foundation

/// An Amazon Connect interactive message (spec §3.6) as readable markdown (its title, subtitle and image)
/// plus pickable choices (shown under it, numbered, by the front ends).
///
/// ListPicker, Panel and QuickReply offer their element titles (sent as plain text); a ListPicker's
/// paging elements (`actionDetail` `SHOW_MORE` / `PREVIOUS_OPTIONS`) send an `interactive.response`;
/// TimePicker offers its slots (shown in the user's time zone and locale; the slot's date is sent); Carousel offers every option of every panel
/// (sent as the JSON selection the official clients send). Unknown templates fall back to their title.
/// ViewResource is left to ``ConnectView`` (it needs DescribeView).
struct InteractiveTemplate: Sendable, Equatable {
    /// The block to show, in markdown.
    var markdown: String
    /// What the user can pick, in order.
    var choices: [String]
    /// How each choice is shown (with its subtitle or paging mark).
    var labels: [String]
    /// What each choice sends, in the order of `choices`.
    var replies: [ChoiceReply]

    /// Parses the `Content` of an interactive message; nil when it is not a template we can read.
    static func parse(_ content: String, timeZone: TimeZone = .current, locale: Locale = .current) -> InteractiveTemplate? {
        guard let root = ConnectView.json(content), let type = root["templateType"] as? String, type != "ViewResource",
            let body = (root["data"] as? [String: Any])?["content"] as? [String: Any]
        else { return nil }
        var lines = header(body, fallbackTitle: type)
        var choices: [String] = []
        var labels: [String] = []
        var replies: [ChoiceReply] = []
        switch type {
        case "ListPicker", "Panel", "QuickReply":
            let elements = body["elements"] as? [[String: Any]] ?? []
            for element in elements {
                guard let name = element["title"] as? String else { continue }
                let paging = element["actionDetail"] as? String
                let detail = (element["subtitle"] as? String).map { " — \($0)" } ?? ""
                choices.append(name)
                if let paging, type == "ListPicker", ["SHOW_MORE", "PREVIOUS_OPTIONS"].contains(paging) {
                    replies.append(InteractiveReply.listPaging(paging, list: body))
                    labels.append("\(name) ↻")
                } else {
                    replies.append(.plain(name))
                    labels.append("\(name)\(detail)")
                }
            }
        case "TimePicker":
            let slots = body["timeslots"] as? [[String: Any]] ?? []
            if let place = (body["location"] as? [String: Any])?["title"] as? String { lines[0] += "  \nat \(place)" }
            for slot in slots {
                guard let date = slot["date"] as? String else { continue }
                let minutes = (slot["duration"] as? Int).map { " (\($0) min)" } ?? ""
                let shown = SlotTime.display(date, timeZone: timeZone, locale: locale) + minutes
                choices.append(shown)
                labels.append(shown)
                replies.append(ChoiceReply(contentType: "text/plain", content: date, display: shown))
            }
        case "Carousel":
            let omitTitle = body["omitTitleFromCarouselResponse"] as? Bool ?? false
            for panel in body["elements"] as? [[String: Any]] ?? [] {
                let inner = ((panel["data"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
                let panelTitle = inner["title"] as? String ?? "option"
                let identifier = panel["templateIdentifier"] as? String ?? ""
                lines.append("")
                lines += header(inner, fallbackTitle: panelTitle)
                for element in inner["elements"] as? [[String: Any]] ?? [] {
                    guard let name = element["title"] as? String else { continue }
                    choices.append("\(panelTitle): \(name)")
                    labels.append("\(panelTitle): \(name)")
                    replies.append(InteractiveReply.carousel(
                        templateIdentifier: identifier, listTitle: omitTitle ? "" : panelTitle, selectionText: name))
                }
            }
        default:
            break
        }
        return InteractiveTemplate(markdown: lines.joined(separator: "\n"), choices: choices, labels: labels, replies: replies)
    }

    /// Title, subtitle and image link of a template's (or a carousel panel's) content, one line each.
    private static func header(_ body: [String: Any], fallbackTitle: String) -> [String] {
        var lines = ["**\(body["title"] as? String ?? fallbackTitle)**"]
        if let subtitle = body["subtitle"] as? String, !subtitle.isEmpty { lines.append("_\(subtitle)_") }
        if let image = body["imageData"] as? String, !image.isEmpty {
            lines.append("[image: \(body["imageDescription"] as? String ?? "picture")](\(image))")
        }
        // Hard breaks: title, subtitle and image each on their own line, in one block.
        return [lines.joined(separator: "  \n")]
    }
}
