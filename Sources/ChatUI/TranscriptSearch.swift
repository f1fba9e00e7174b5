import Foundation
import MarkdownANSI

/// An open transcript search (Ctrl-S or `/search TEXT`): query, options and the current match.
struct TranscriptSearch: Equatable, Sendable {
    /// What is searched for.
    var query = ""
    /// The query is a regular expression.
    var isRegex = false
    /// Upper and lower case differ.
    var caseSensitive = false
    /// Where the view was when the search started (Esc goes back there).
    var savedScroll: ScrollPosition
    /// The transcript entry of the current match.
    var current: Int?

    /// The ranges of `text` that match (none for an empty query or a bad pattern).
    func ranges(in text: String) -> [Range<String.Index>] {
        guard !query.isEmpty else { return [] }
        if isRegex {
            guard let regex = try? NSRegularExpression(pattern: query, options: caseSensitive ? [] : [.caseInsensitive]) else {
                return []
            }
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range, in: text).flatMap { $0.isEmpty ? nil : $0 }
            }
        }
        var out: [Range<String.Index>] = []
        var from = text.startIndex
        while from < text.endIndex,
              let found = text.range(of: query, options: caseSensitive ? [] : [.caseInsensitive], range: from..<text.endIndex) {
            out.append(found)
            from = found.upperBound
        }
        return out
    }

    /// True when the pattern is a regular expression that does not compile.
    var isBadPattern: Bool {
        isRegex && !query.isEmpty && (try? NSRegularExpression(pattern: query)) == nil
    }

    /// True when a transcript entry matches.
    func matches(_ entry: TranscriptEntry) -> Bool {
        !entry.isNotice && !ranges(in: entry.item.displayText).isEmpty
    }

    /// The nearest matching entry strictly before (`older`) or after `index` (nil: from the end).
    func find(in store: TranscriptStore, from index: Int?, older: Bool) -> Int? {
        let entries = store.entries
        if older {
            var i = min(index ?? entries.count, entries.count) - 1
            while i >= 0 {
                if matches(entries[i]) { return i }
                i -= 1
            }
        } else {
            var i = (index ?? entries.count) + 1
            while i < entries.count {
                if matches(entries[i]) { return i }
                i += 1
            }
        }
        return nil
    }

    /// The line shown in the typing row while searching.
    func prompt(store: TranscriptStore) -> String {
        let matching = store.entries.indices.filter { matches(store.entries[$0]) }
        var status: String
        if isBadPattern {
            status = "bad pattern"
        } else if query.isEmpty {
            status = "type to search"
        } else if let current, let n = matching.firstIndex(of: current) {
            status = "\(n + 1) of \(matching.count)"
        } else {
            status = "no match"
        }
        let flags = (isRegex ? " [regex]" : "") + (caseSensitive ? " [Aa]" : "")
        return "search: \(query)\(flags) (\(status)) — Ctrl-R older · Ctrl-S newer · Alt-R regex · Alt-C case · Enter stay · Esc back"
    }

    /// `line` with every match shown in reverse video.
    func highlight(_ line: StyledLine) -> StyledLine {
        let text = line.spans.map(\.text).joined()
        let found = ranges(in: text)
        guard !found.isEmpty else { return line }
        var marked = Set<Int>()
        for range in found {
            let start = text.distance(from: text.startIndex, to: range.lowerBound)
            marked.formUnion(start..<(start + text.distance(from: range.lowerBound, to: range.upperBound)))
        }
        var spans: [StyledSpan] = []
        var offset = 0
        for span in line.spans {
            for character in span.text {
                var style = span.style
                if marked.contains(offset) {
                    style.inverse = true
                    style.bold = true
                }
                if let last = spans.last, last.style == style {
                    spans[spans.count - 1].text.append(character)
                } else {
                    spans.append(StyledSpan(String(character), style: style))
                }
                offset += 1
            }
        }
        return StyledLine(spans)
    }
}
