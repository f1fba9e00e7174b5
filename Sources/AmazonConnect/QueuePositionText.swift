import Foundation

/// Reads a queue position out of a contact-flow (SYSTEM) message.
///
/// The Participant Service has no queue-position event: contact flows tell customers where they stand
/// with a text prompt ("You are number 3 in the queue."). Helpline recognises the usual phrasings so the
/// status bar can show the position; see docs/protocol-connect.md.
enum QueuePositionText {
    private static let patterns: [NSRegularExpression] = [
        #"(?:\bnumber|\bno\.?|#)\s*(\d{1,4})\s+in\s+(?:the\s+)?(?:[\p{L}\d][\p{L}\d&-]*\s+){0,3}(?:queue|line)\b"#,
        #"\bposition\s+in\s+(?:the\s+)?(?:queue|line)\s*(?:is|:)?\s*(?:number\s+|#)?(\d{1,4})\b"#,
        #"\bqueue\s+position\s*(?:is|:)?\s*(?:number\s+|#)?(\d{1,4})\b"#,
    ].compactMap { try? NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }

    /// The 1-based position a message announces, or nil when it announces none.
    static func position(in text: String) -> Int? {
        let range = NSRange(text.startIndex..., in: text)
        for regex in patterns {
            guard let match = regex.firstMatch(in: text, range: range), let digits = Range(match.range(at: 1), in: text),
                let value = Int(text[digits]), value > 0
            else { continue }
            return value
        }
        return nil
    }
}
