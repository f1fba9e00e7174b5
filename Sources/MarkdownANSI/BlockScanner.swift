/// Finds top-level block boundaries in markdown that grows at the end (for streaming).
///
/// A boundary is the start of a complete line L such that: the line before L is blank, no
/// top-level fenced code block or HTML block (types 1–6) is open, L starts in column 0
/// with a non-space character, and L is not a list item marker (which could join a list above).
/// Everything before a boundary is then a run of finished top-level blocks whose rendering no
/// later text can change (link reference definitions used across a boundary are the exception:
/// `StreamingMarkdown` renders text that may hold one whole).
struct BlockScanner: Sendable {
    /// Byte offsets (UTF-8) of the boundaries found so far, ascending.
    private(set) var boundaries: [Int] = []
    /// Offset of the first line not yet scanned (the line may be incomplete).
    private var lineStart = 0
    private var previousBlank = false
    private var fence: (byte: UInt8, length: Int, indent: Int)?
    private var htmlEnd: [UInt8]?
    /// An HTML block of type 6 (`<p>`, `<div>`, `</ul>` …) is open: it ends at a blank line, and a
    /// fence line inside it is HTML text, not a fence.
    private var htmlUntilBlank = false

    /// Scans every complete line of `bytes` not scanned yet, and the start of the incomplete last line.
    mutating func scan(_ bytes: [UInt8]) {
        var index = lineStart
        while let newline = bytes[index...].firstIndex(of: 0x0A) {
            classify(bytes, lineStart, newline)
            lineStart = newline + 1
            index = lineStart
        }
        acceptEarlyBoundary(bytes)
    }

    /// Records a boundary at the incomplete last line as soon as its first byte settles it: after a
    /// blank line, outside fences and HTML blocks, a letter (or other byte that cannot start a list
    /// item or an indented line) starts a new top-level block whatever follows.
    private mutating func acceptEarlyBoundary(_ bytes: [UInt8]) {
        guard previousBlank, fence == nil, htmlEnd == nil, lineStart < bytes.count,
            boundaries.last != lineStart
        else { return }
        let first = bytes[lineStart]
        let undecided: [UInt8] = [0x20, 0x09, 0x0D, UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")]
        if undecided.contains(first) || (first >= 0x30 && first <= 0x39) { return }
        boundaries.append(lineStart)
    }

    private mutating func classify(_ bytes: [UInt8], _ start: Int, _ end: Int) {
        var first = start
        while first < end, bytes[first] == 0x20 { first += 1 }
        let indent = first - start
        let isBlank = (first..<end).allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }
        if let open = fence {
            if indent < 4, let run = runLength(bytes, first, end, open.byte), run >= open.length,
                (first + run..<end).allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }) {
                fence = nil
            }
            previousBlank = false
            return
        }
        if let marker = htmlEnd {
            if contains(bytes, start, end, marker) { htmlEnd = nil }
            previousBlank = false
            return
        }
        if htmlUntilBlank {
            htmlUntilBlank = !isBlank
            previousBlank = isBlank
            return
        }
        if previousBlank && indent == 0 && !isBlank && bytes[start] != 0x09 && !isListMarker(bytes, start, end)
            && boundaries.last != start {
            boundaries.append(start)
        }
        if indent < 4 && !isBlank {
            for byte in [UInt8(ascii: "`"), UInt8(ascii: "~")] {
                if let run = runLength(bytes, first, end, byte), run >= 3 {
                    let info = bytes[(first + run)..<end]
                    if byte == UInt8(ascii: "~") || !info.contains(UInt8(ascii: "`")) {
                        fence = (byte, run, indent)
                    }
                }
            }
            if fence == nil { htmlEnd = htmlBlockEnd(bytes, first, end) }
            if let marker = htmlEnd, contains(bytes, first, end, marker) {
                htmlEnd = nil
            }
            if fence == nil, htmlEnd == nil, startsBlockTag(bytes, first, end) { htmlUntilBlank = true }
        }
        previousBlank = isBlank
    }

    private func runLength(_ bytes: [UInt8], _ start: Int, _ end: Int, _ byte: UInt8) -> Int? {
        var index = start
        while index < end, bytes[index] == byte { index += 1 }
        return index > start ? index - start : nil
    }

    private func isListMarker(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        func spaceOrEnd(_ index: Int) -> Bool {
            index >= end || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D
        }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return spaceOrEnd(start + 1)
        }
        var index = start
        while index < end, index - start < 10, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        guard index > start, index < end else { return false }
        return (bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")) && spaceOrEnd(index + 1)
    }

    /// The end marker of an HTML block of type 1–5 starting at `first`, or nil. Compared as bytes
    /// (ASCII lower-cased), not as Swift characters: `>` and a following U+FE0F are one character
    /// (found by fuzzing: `<pre>️` was not seen to start a block).
    private func htmlBlockEnd(_ bytes: [UInt8], _ first: Int, _ end: Int) -> [UInt8]? {
        guard first < end, bytes[first] == UInt8(ascii: "<") else { return nil }
        let rest = bytes[first..<min(end, first + 12)].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        func starts(_ prefix: String) -> Bool { rest.starts(with: prefix.utf8) }
        if starts("<!--") { return Array("-->".utf8) }
        if starts("<![cdata[") { return Array("]]>".utf8) }
        if starts("<?") { return Array("?>".utf8) }
        if starts("<!") { return Array(">".utf8) }
        for tag in ["script", "pre", "style", "textarea"] where starts("<" + tag) {
            let after = tag.utf8.count + 1 < rest.count ? rest[tag.utf8.count + 1] : nil
            if after == nil || after == 0x20 || after == UInt8(ascii: ">") || after == 0x09 || after == 0x0D {
                return Array("</\(tag)>".utf8)
            }
        }
        return nil
    }

    /// Whether the line at `first` starts an HTML block of type 6: `<` or `</`, one of CommonMark's
    /// block tag names (any case), then a space, tab, line end, `>` or `/>`. (Found by fuzzing: a
    /// fence line inside `<p>…` opened a code block for the scanner but not for the parser.)
    private func startsBlockTag(_ bytes: [UInt8], _ first: Int, _ end: Int) -> Bool {
        guard first < end, bytes[first] == UInt8(ascii: "<") else { return false }
        var index = first + 1
        if index < end, bytes[index] == UInt8(ascii: "/") { index += 1 }
        let nameStart = index
        while index < end, index - nameStart <= 10,
            (bytes[index] | 0x20) >= UInt8(ascii: "a") && (bytes[index] | 0x20) <= UInt8(ascii: "z")
                || (index > nameStart && bytes[index] >= 0x31 && bytes[index] <= 0x36)
        {
            index += 1
        }
        guard index > nameStart else { return false }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        guard Self.blockTags.contains(name) else { return false }
        if index == end { return true }
        let next = bytes[index]
        if next == 0x20 || next == 0x09 || next == 0x0D || next == UInt8(ascii: ">") { return true }
        return next == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: ">")
    }

    /// CommonMark's HTML block type 6 tag names.
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]

    private func contains(_ bytes: [UInt8], _ start: Int, _ end: Int, _ marker: [UInt8]) -> Bool {
        guard end - start >= marker.count else { return false }
        var index = start
        while index + marker.count <= end {
            var matched = true
            for offset in 0..<marker.count where (bytes[index + offset] | (marker[offset] >= 0x61 ? 0x20 : 0)) != marker[offset] {
                matched = false
                break
            }
            if matched { return true }
            index += 1
        }
        return false
    }
}
