/// Makes the open (last, still streaming) part of a reply render sensibly: closes fences,
/// code spans, emphasis, strikethrough and link destinations, completes a table's delimiter row,
/// and drops a dangling opener or half-received HTML tag at the very end.
enum Healer {
    /// `text` healed for display; well-formed complete markdown comes back unchanged.
    ///
    /// Most of a streamed reply is prose with no markup in its open paragraph: one pass over its
    /// bytes finds none of the characters any healing step looks at, and the text is returned as it
    /// came, without splitting it into lines and characters on every frame.
    static func heal(_ text: String) -> String {
        var text = text
        let plain = text.withUTF8 { bytes in !bytes.contains(where: isSyntaxByte) }
        return plain ? text : healInFull(text)
    }

    /// True for the bytes of the characters the healing steps react to: fences and code spans,
    /// emphasis and strikethrough, a link's `](`, an HTML tag, a table's pipes and an escape.
    private static func isSyntaxByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: "\\"):
            return true
        default:
            return false
        }
    }

    /// ``heal(_:)`` without the shortcut for text with no markup (every step taken).
    static func healInFull(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = lines.count > 1 && lines.last == ""
        if endsWithNewline { lines.removeLast() }
        if let fence = openFence(lines) {
            var result = text
            if !result.hasSuffix("\n") { result += "\n" }
            return result + fence
        }
        let lastBlankIndex = lines.lastIndex { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        let blockStart = lastBlankIndex.map { $0 + 1 } ?? 0
        if blockStart >= lines.count { return text }
        if lines[blockStart].hasPrefix("    ") || lines[blockStart].hasPrefix("\t") { return text }
        healTable(&lines, from: blockStart)
        var head = lines[..<blockStart].joined(separator: "\n")
        if blockStart > 0 { head += "\n" }
        let block = lines[blockStart...].joined(separator: "\n")
        let healed = InlineHealer.heal(block)
        if healed == block { return head + block + (endsWithNewline ? "\n" : "") }
        return head + healed
    }

    /// The closing fence for a fenced code block left open, or nil.
    private static func openFence(_ lines: [String]) -> String? {
        var open: (marker: Character, length: Int, indent: String)?
        for line in lines {
            let indentCount = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indentCount)
            guard let first = body.first, first == "`" || first == "~" else { continue }
            let run = body.prefix { $0 == first }.count
            guard run >= 3 else { continue }
            if let current = open {
                let rest = body.dropFirst(run)
                if first == current.marker && run >= current.length && rest.allSatisfy({ $0 == " " || $0 == "\r" }) {
                    open = nil
                }
            } else if first == "~" || !body.dropFirst(run).contains("`") {
                open = (first, run, String(repeating: " ", count: indentCount))
            }
        }
        guard let fence = open else { return nil }
        return fence.indent + String(repeating: fence.marker, count: fence.length)
    }

    /// Completes the delimiter row of a table whose header arrived but whose delimiter has not.
    private static func healTable(_ lines: inout [String], from start: Int) {
        let header = lines[start].trimmingSpaces
        guard header.hasPrefix("|"), header.dropFirst().contains("|") || lines.count - start == 1 else { return }
        let cells = max(1, header.split(separator: "|", omittingEmptySubsequences: false).count
            - (header.hasPrefix("|") ? 1 : 0) - (header.hasSuffix("|") && header.count > 1 ? 1 : 0))
        let delimiter = "|" + String(repeating: " --- |", count: cells)
        if lines.count - start == 1 {
            lines.append(delimiter)
            return
        }
        let second = lines[start + 1]
        let isDelimiterLike = !second.isEmpty && second.allSatisfy { "|:- \r".contains($0) }
        if start + 1 == lines.count - 1 && (isDelimiterLike || second.isEmpty) {
            lines[start + 1] = delimiter
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
