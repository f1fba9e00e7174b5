import Foundation

/// How the text the contact center delivered for one of our messages relates to what was typed.
///
/// A contact center's message rules may redact what a customer types before anyone sees it: card
/// numbers, e-mail addresses or names become placeholders such as `[PII]`, `[EMAIL]` or `[NAME]`.
/// The copy the server sends back then differs from the message typed, and must still be known as
/// that message's copy (so it is neither shown twice nor sent again).
public enum DeliveredText {
    /// True when `delivered` is not `typed` (apart from whitespace at either end, which a server may trim).
    public static func differs(_ typed: String, _ delivered: String) -> Bool {
        typed != delivered && trimmed(typed) != trimmed(delivered)
    }

    /// True when `delivered` can be the contact center's copy of `typed`: the same text, or the same
    /// text with parts replaced by placeholders (`[` + capital letters, digits or `_` + `]`), each
    /// standing for at least one character typed.
    public static func isCopy(_ delivered: String, of typed: String) -> Bool {
        if !differs(typed, delivered) { return true }
        let pieces = literalPieces(of: trimmed(delivered))
        guard pieces.count > 1 else { return false }
        let text = Array(trimmed(typed).unicodeScalars)
        var at = 0
        for (index, piece) in pieces.enumerated() {
            let scalars = Array(piece.unicodeScalars)
            if index == 0 {
                guard text.starts(with: scalars) else { return false }
                at = scalars.count
            } else if index == pieces.count - 1 {
                // The last piece ends the text, after at least one character for the placeholder.
                return text.count - scalars.count >= at + 1 && text.suffix(scalars.count).elementsEqual(scalars)
            } else {
                guard let found = firstIndex(of: scalars, in: text, from: at + 1) else { return false }
                at = found + scalars.count
            }
        }
        return false
    }

    /// The text between placeholders: n placeholders give n + 1 pieces (empty where two touch or one
    /// starts or ends the text).
    static func literalPieces(of text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first {
            if first == "[", let close = scalars.firstIndex(of: "]") {
                let name = scalars[scalars.index(after: scalars.startIndex)..<close]
                if let lead = name.first, CharacterSet.uppercaseLetters.contains(lead),
                    name.allSatisfy({ CharacterSet.uppercaseLetters.contains($0) || CharacterSet.decimalDigits.contains($0) || $0 == "_" })
                {
                    pieces.append(current)
                    current = ""
                    scalars = scalars[scalars.index(after: close)...]
                    continue
                }
            }
            current.unicodeScalars.append(first)
            scalars = scalars.dropFirst()
        }
        pieces.append(current)
        return pieces
    }

    /// Where `needle` first starts in `text` at or after `start`.
    private static func firstIndex(of needle: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start <= text.count ? start : nil }
        guard text.count >= needle.count, start <= text.count - needle.count else { return nil }
        for index in start...(text.count - needle.count) where text[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }

    private static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}

extension ChatItem {
    /// The server's copy of this message of ours (`typedText` set, or `text` still what was typed)
    /// reads `delivered`: when that is not what was typed, what was typed is kept as ``typedText``.
    mutating func noteDelivered(text delivered: String, contentType deliveredType: String) {
        guard localId != nil, case .message = kind, form == nil, deliveredType == contentType else { return }
        let typed = typedText ?? text
        typedText = DeliveredText.differs(typed, delivered) ? typed : nil
    }

    /// This item, the server's copy of our message, takes over from `typed`, the message as shown
    /// before the copy came: what was typed is kept when the copy reads otherwise.
    mutating func noteDelivered(typed item: ChatItem) {
        guard case .message = kind, case .message = item.kind, form == nil else { return }
        if item.wentOutAs(text) {
            text = item.text
            contentType = item.contentType
            sentText = item.sentText
            typedText = nil
            return
        }
        guard item.contentType == contentType else { return }
        let typed = item.typedText ?? item.text
        typedText = DeliveredText.differs(typed, text) ? typed : nil
    }

    /// True when `delivered` is the text this reply of ours went out as while it shows another
    /// (``sentText``): the server's copy of the reply as shown, not a redaction.
    func wentOutAs(_ delivered: String) -> Bool {
        sentText.map { !DeliveredText.differs($0, delivered) } ?? false
    }
}
