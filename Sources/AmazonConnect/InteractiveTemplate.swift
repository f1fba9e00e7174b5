import ChatModel
import Foundation
import SessionCore

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
        guard let root = JSONValue(parsing: content), let type = root["templateType"]?.string, type != "ViewResource",
            let body = root["data"]?["content"], body.object != nil
        else { return nil }
        var lines = header(body, fallbackTitle: type)
        var choices: [String] = []
        var labels: [String] = []
        var replies: [ChoiceReply] = []
        switch type {
        case "ListPicker", "Panel", "QuickReply":
            for element in body["elements"]?.objects ?? [] {
                guard let name = element["title"]?.string else { continue }
                let paging = element["actionDetail"]?.string
                let detail = element["subtitle"]?.string.map { " — \($0)" } ?? ""
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
            if let place = body["location"]?["title"]?.string { lines[0] += "  \nat \(place)" }
            for slot in body["timeslots"]?.objects ?? [] {
                guard let date = slot["date"]?.string else { continue }
                // A slot of up to a week, in minutes; anything else is not shown.
                let minutes = slot["duration"]?.int(in: 0...10_080).map { " (\($0) min)" } ?? ""
                let shown = SlotTime.display(date, timeZone: timeZone, locale: locale) + minutes
                choices.append(shown)
                labels.append(shown)
                replies.append(ChoiceReply(contentType: "text/plain", content: date, display: shown))
            }
        case "Carousel":
            let omitTitle = body["omitTitleFromCarouselResponse"]?.bool ?? false
            for panel in body["elements"]?.objects ?? [] {
                let inner = panel["data"]?["content"] ?? .object([:])
                let panelTitle = inner["title"]?.string ?? "option"
                let identifier = panel["templateIdentifier"]?.string ?? ""
                lines.append("")
                lines += header(inner, fallbackTitle: panelTitle)
                for element in inner["elements"]?.objects ?? [] {
                    guard let name = element["title"]?.string else { continue }
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
    private static func header(_ body: JSONValue, fallbackTitle: String) -> [String] {
        var lines = ["**\(body["title"]?.string ?? fallbackTitle)**"]
        if let subtitle = body["subtitle"]?.nonEmptyString { lines.append("_\(subtitle)_") }
        if let image = body["imageData"]?.nonEmptyString {
            lines.append("[image: \(body["imageDescription"]?.string ?? "picture")](\(image))")
        }
        // Hard breaks: title, subtitle and image each on their own line, in one block.
        return [lines.joined(separator: "  \n")]
    }
}
