import Foundation

/// The links in the transcript, numbered oldest first for `/links` and `/open N`.
package enum LinkIndex {
    /// Characters that end a bare URL.
    private static let stoppers = Set<Character>(" \t\n<>\"'`()[]{}")

    /// Every distinct `http(s)://` URL and `tel:` link in the messages (not notices), oldest first.
    static func links(in store: TranscriptStore) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for entry in store.entries where !entry.isNotice {
            for url in urls(in: entry.item.displayText) where seen.insert(url).inserted { out.append(url) }
        }
        return out
    }

    /// The URLs in one text (bare, in markdown `[x](url)` and `<url>`); trailing punctuation dropped.
    /// `tel:` links (PolyAI call actions) count too, after the web links.
    package static func urls(in text: String) -> [String] {
        webURLs(in: text) + phoneLinks(in: text)
    }

    /// `tel:+4420…` links: the scheme followed by a `+` and digits.
    static func phoneLinks(in text: String) -> [String] {
        var out: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "tel:", options: .caseInsensitive) {
            let number = rest[start.upperBound...].prefix { $0.isASCII && ($0.isNumber || $0 == "+") }
            if number.filter(\.isNumber).count >= 3 { out.append("tel:" + number) }
            rest = rest[start.upperBound...]
        }
        return out
    }

    private static func webURLs(in text: String) -> [String] {
        var out: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "http", options: .caseInsensitive) {
            let tail = rest[start.lowerBound...]
            guard tail.lowercased().hasPrefix("http://") || tail.lowercased().hasPrefix("https://") else {
                rest = rest[start.upperBound...]
                continue
            }
            var url = String(tail.prefix { !stoppers.contains($0) })
            while let last = url.last, ".,;:!?".contains(last) { url.removeLast() }
            if url.count > 8 { out.append(String(url.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 })) }
            rest = tail.dropFirst(max(1, url.count))
        }
        return out
    }

    /// The notice `/links` shows.
    static func listing(_ links: [String]) -> String {
        guard !links.isEmpty else { return "There are no links in the transcript." }
        let lines = links.enumerated().map { "[\($0.offset + 1)] \($0.element)" }
        return (["Links (/open N opens one):"] + lines).joined(separator: "\n")
    }
}
