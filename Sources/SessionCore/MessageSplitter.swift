/// Splits a message longer than a service takes into numbered parts that each fit:
/// at paragraph breaks where it can, else at line breaks, else between words, else anywhere.
public enum MessageSplitter {
    /// The parts of `text`, each prefixed `(i/n) ` and no longer than `limit`.
    public static func split(_ text: String, limit: MessageLimit) -> [String] {
        var digits = 1
        while true {
            let widest = String(repeating: "9", count: digits)
            let budget = max(1, limit.maximum - limit.length(of: "(\(widest)/\(widest)) "))
            let pieces = cut(text, budget: budget, limit: limit)
            if String(pieces.count).count <= digits {
                return pieces.enumerated().map { "(\($0.offset + 1)/\(pieces.count)) \($0.element)" }
            }
            digits += 1
        }
    }

    /// Cuts `text` into pieces of at most `budget` (in `limit`'s unit), at the best boundary each time.
    static func cut(_ text: String, budget: Int, limit: MessageLimit) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while limit.length(of: String(rest)) > budget {
            let window = prefix(of: rest, fitting: budget, limit: limit)
            let end = boundary(in: window, separator: "\n\n") ?? boundary(in: window, separator: "\n")
                ?? boundary(in: window, separator: " ") ?? window.endIndex
            let piece = rest[rest.startIndex..<end].trimmingTrailingWhitespace()
            if !piece.isEmpty { pieces.append(String(piece)) }
            rest = rest[end...].drop { $0 == " " || $0 == "\n" }
        }
        let last = rest.trimmingTrailingWhitespace()
        if !last.isEmpty { pieces.append(String(last)) }
        return pieces
    }

    /// The longest prefix of `text` (whole characters) that fits `budget`.
    private static func prefix(of text: Substring, fitting budget: Int, limit: MessageLimit) -> Substring {
        var used = 0
        var end = text.startIndex
        for character in text {
            let size = limit.length(of: String(character))
            if used + size > budget { break }
            used += size
            end = text.index(after: end)
        }
        // Always make progress, even when one character is wider than the budget.
        return end == text.startIndex ? text.prefix(1) : text[text.startIndex..<end]
    }

    /// The end of the last `separator` in `window` that leaves at least a quarter of it before, if any.
    private static func boundary(in window: Substring, separator: String) -> Substring.Index? {
        guard let range = window.range(of: separator, options: .backwards) else { return nil }
        let before = window.distance(from: window.startIndex, to: range.lowerBound)
        return before >= window.count / 4 ? range.lowerBound : nil
    }
}

extension Substring {
    /// The substring without trailing spaces and line breaks.
    func trimmingTrailingWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\n" { end = index(before: end) }
        return self[startIndex..<end]
    }
}
