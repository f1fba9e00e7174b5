import ChatModel
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

    /// The attachments and call actions of a message as cards (links, images, phone numbers).
    static func cards(attachments: [PolyAIAttachment], callActions: [PolyAICallAction]) -> [ChatCard] {
        var cards: [ChatCard] = []
        for attachment in attachments {
            let title = attachment.title ?? attachment.url ?? "attachment"
            switch attachment.kind {
            case "image": cards.append(ChatCard(kind: .image, title: title, url: attachment.url))
            case "url": cards.append(ChatCard(kind: .link, title: title, url: attachment.url, action: attachment.callToAction))
            default: cards.append(ChatCard(kind: .file, title: title, url: attachment.url))
            }
        }
        for action in callActions {
            // The number as a tel: link, so /links numbers it and /open N can dial it.
            let digits = (action.number ?? "").filter { $0.isNumber || $0 == "+" }
            let title = [action.title ?? "phone", action.number ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            cards.append(ChatCard(kind: .call, title: title, url: digits.isEmpty ? nil : "tel:\(digits)"))
        }
        return cards
    }
}
