import Foundation

/// Turns agent text (which may carry the web widget's HTML subset, spec §14) and rich parts
/// (attachments, link cards, call actions, suggestions) into one readable markdown message.
enum PolyAIRichText {
    /// Agent text as markdown: the allowed HTML tags mapped, other tags removed, entities decoded.
    static func normalize(_ text: String) -> String {
        guard text.contains("<") || text.contains("&") else { return text }
        var out = text
        let rules: [(String, String)] = [
            (#"<a\b[^>]*?href\s*=\s*["']([^"']*)["'][^>]*>(.*?)</a\s*>"#, "[$2]($1)"),
            (#"<br\s*/?>"#, "\n"),
            (#"</p\s*>"#, "\n\n"),
            (#"<p\b[^>]*>"#, ""),
            (#"</?(b|strong)\s*>"#, "**"),
            (#"</?(i|em)\s*>"#, "*"),
            (#"</?code\s*>"#, "`"),
            (#"<li\b[^>]*>"#, "\n• "),
            (#"</li\s*>"#, ""),
            (#"</?(ul|ol)\b[^>]*>"#, "\n"),
            (#"<[^>]+>"#, ""),
        ]
        for (pattern, template) in rules {
            out = out.replacingOccurrences(
                of: pattern, with: template, options: [.regularExpression, .caseInsensitive])
        }
        let entities = [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"),
            ("&apos;", "'"), ("&amp;", "&"),
        ]
        for (entity, value) in entities { out = out.replacingOccurrences(of: entity, with: value) }
        out = out.replacingOccurrences(of: #"\n{3,}"#, with: "\n\n", options: .regularExpression)
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The whole message: text, then one readable block per attachment, call action and the suggestions.
    static func compose(
        text: String, attachments: [PolyAIAttachment], callActions: [PolyAICallAction],
        suggestions: [PolyAISuggestion]
    ) -> String {
        var blocks: [String] = []
        let body = normalize(text)
        if !body.isEmpty { blocks.append(body) }
        var lines: [String] = []
        for attachment in attachments {
            let title = attachment.title ?? attachment.url ?? "attachment"
            let url = attachment.url.map { " <\($0)>" } ?? ""
            switch attachment.kind {
            case "image": lines.append("- Image: \(title)\(url)")
            case "url":
                let action = attachment.callToAction.map { " (\($0))" } ?? ""
                lines.append("- Link: \(title)\(action)\(url)")
            default: lines.append("- Attachment: \(title)\(url)")
            }
        }
        for action in callActions {
            // The number as a tel: link, so /links numbers it and /open N can dial it.
            let digits = (action.number ?? "").filter { $0.isNumber || $0 == "+" }
            let link = digits.isEmpty ? (action.number ?? "") : "\(action.number ?? digits) <tel:\(digits)>"
            lines.append("- Call: \(action.title ?? "phone") \(link)".trimmingCharacters(in: .whitespaces))
        }
        if !lines.isEmpty { blocks.append(lines.joined(separator: "\n")) }
        if !suggestions.isEmpty {
            let numbered = suggestions.enumerated().map { "\($0.offset + 1). \($0.element.text)" }
            blocks.append((["Suggested replies (pick with /pick N):"] + numbered).joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n")
    }
}
