/// Greedy word wrapping of styled spans to a column width, grapheme-cluster safe.
///
/// Break opportunities are spaces (dropped at the break) and the edges of wide (CJK/emoji)
/// characters. Words wider than the width are broken between grapheme clusters. A span whose
/// text is "\n" forces a break. Text is sliced by index ranges, so no per-character strings
/// are allocated; one `String` is made per span per output line.
struct LineWrapper {
    /// A slice of one input span.
    private struct Piece {
        var span: Int
        var lower: String.Index
        var upper: String.Index
        var width: Int
    }

    private let spans: [StyledSpan]
    private let width: Int
    private let firstPrefix: [StyledSpan]
    private let restPrefix: [StyledSpan]
    private var lines: [StyledLine] = []
    private var line: [Piece] = []
    private var lineWidth = 0
    private var word: [Piece] = []
    private var wordWidth = 0
    private var gap: [Piece] = []
    private var gapWidth = 0
    /// True right after a forced break or at the start: leading spaces are kept there.
    private var atParagraphStart = true
    /// True after a wide character that allows a break after it (taken before the next letter or wide character).
    private var breakAfterWide = false
    /// True after an opening bracket: no break before the next character.
    private var glueNext = false

    private init(spans: [StyledSpan], width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan]) {
        self.spans = spans
        self.width = max(1, width)
        self.firstPrefix = firstPrefix
        self.restPrefix = restPrefix
        line.reserveCapacity(8)
        word.reserveCapacity(4)
        gap.reserveCapacity(2)
        lines.reserveCapacity(4)
    }

    /// Wraps `spans` into lines no wider than `width` (a lone 2-column glyph may exceed width 1).
    static func wrap(_ spans: [StyledSpan], width: Int) -> [[StyledSpan]] {
        wrap(spans, width: width, firstPrefix: [], restPrefix: []).map(\.spans)
    }

    /// Wraps `spans` to `width` columns and puts `firstPrefix` / `restPrefix` (not counted in
    /// `width`) before the first / following lines; a line with no text gets its prefix trimmed.
    static func wrap(
        _ spans: [StyledSpan], width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan]
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        wrap(spans, width: width, firstPrefix: firstPrefix, restPrefix: restPrefix, into: &lines)
        return lines
    }

    /// Like `wrap(_:width:firstPrefix:restPrefix:)`, appending the lines to `lines`.
    static func wrap(
        _ spans: [StyledSpan], width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan],
        into lines: inout [StyledLine]
    ) {
        if let single = singleLine(spans, width: width, prefix: firstPrefix) {
            lines.append(single)
            return
        }
        if width >= 1 && ASCIIWrapper.wrap(spans, width: width, firstPrefix: firstPrefix, restPrefix: restPrefix, into: &lines) {
            return
        }
        lines += slowWrap(spans, width: width, firstPrefix: firstPrefix, restPrefix: restPrefix)
    }

    /// The general wrapper (any script, hard breaks); `ASCIIWrapper` must agree with it on ASCII input.
    static func slowWrap(
        _ spans: [StyledSpan], width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan]
    ) -> [StyledLine] {
        var wrapper = LineWrapper(spans: spans, width: width, firstPrefix: firstPrefix, restPrefix: restPrefix)
        wrapper.run()
        return wrapper.lines
    }

    /// Fast path: the whole text fits on one line and has no breaks and no trailing space.
    private static func singleLine(_ spans: [StyledSpan], width: Int, prefix: [StyledSpan]) -> StyledLine? {
        guard let last = spans.last, last.text.utf8.last != 0x20, spans.first?.text.utf8.first != 0x20 else {
            return nil
        }
        var bytes = 0
        for span in spans {
            if span.text == "\n" { return nil }
            bytes += span.text.utf8.count
        }
        // A grapheme is never wider than its UTF-8 length, so this bound proves the line fits.
        guard bytes <= width else { return nil }
        return StyledLine(prefix.isEmpty ? spans : prefix + spans)
    }

    private mutating func run() {
        for index in spans.indices {
            let text = spans[index].text
            if text == "\n" {
                breakAfterWide = false
                glueNext = false
                flushWord()
                gap.removeAll(keepingCapacity: true)
                gapWidth = 0
                endLine()
                atParagraphStart = true
                continue
            }
            if isPlainASCII(text) {
                scanASCII(index, text)
            } else {
                scanUnicode(index, text)
            }
        }
        flushWord()
        if !line.isEmpty || lines.isEmpty { endLine() }
    }

    @inline(__always)
    private func isPlainASCII(_ text: String) -> Bool {
        ByteScan.isPrintableASCII(text)
    }

    private mutating func scanASCII(_ index: Int, _ text: String) {
        if breakAfterWide, let first = text.utf8.first, Self.isAlphanumeric(UInt32(first)) { flushWord() }
        breakAfterWide = false
        glueNext = false
        var storage = text
        let utf8 = text.utf8
        let base = utf8.startIndex
        storage.withUTF8 { bytes in
            var runStart = 0
            var runIsSpace = bytes.first == 0x20
            for offset in 0..<bytes.count {
                let isSpace = bytes[offset] == 0x20
                if isSpace != runIsSpace {
                    addRun(index, utf8.index(base, offsetBy: runStart), utf8.index(base, offsetBy: offset),
                        offset - runStart, isSpace: runIsSpace)
                    runStart = offset
                    runIsSpace = isSpace
                }
            }
            if runStart < bytes.count {
                addRun(index, utf8.index(base, offsetBy: runStart), utf8.endIndex,
                    bytes.count - runStart, isSpace: runIsSpace)
            }
        }
    }

    /// Scans mixed text: ASCII bytes not followed by a non-ASCII byte are one column each, clusters
    /// `SimpleClusters` can tell from the bytes take their scalar width; anything else is measured
    /// as a whole grapheme cluster (so marks, ZWJ sequences and flags stay intact).
    private mutating func scanUnicode(_ index: Int, _ text: String) {
        var storage = text
        let utf8 = text.utf8
        let base = utf8.startIndex
        storage.withUTF8 { bytes in
            var offset = 0
            var runStart = 0
            var runWidth = 0
            var runIsSpace = false
            var hasRun = false
            func at(_ offset: Int) -> String.Index { utf8.index(base, offsetBy: offset) }
            while offset < bytes.count {
                let byte = bytes[offset]
                var next = offset + 1
                var isSpace = false
                var characterWidth: Int
                var scalar = UInt32(byte)
                if byte < 0x80 && (next == bytes.count || bytes[next] < 0x80) {
                    isSpace = byte == 0x20
                    characterWidth = byte < 0x20 || byte == 0x7F ? 0 : 1
                } else if let cluster = SimpleClusters.cluster(bytes, at: offset) {
                    next = offset + cluster.length
                    isSpace = byte == 0x20
                    scalar = cluster.scalar
                    characterWidth = cluster.width
                } else {
                    let position = at(offset)
                    let after = text.index(after: position)
                    next = utf8.distance(from: base, to: after)
                    isSpace = byte == 0x20 && next == offset + 1
                    let character = text[position]
                    scalar = character.unicodeScalars.first?.value ?? 0
                    characterWidth = TerminalWidth.of(character)
                }
                if characterWidth == 2 {
                    if hasRun { addRun(index, at(runStart), at(offset), runWidth, isSpace: runIsSpace) }
                    if !glueNext && !LineBreakRules.noBreakBefore(scalar) { flushWord() }
                    addRun(index, at(offset), at(next), 2, isSpace: false)
                    glueNext = LineBreakRules.noBreakAfter(scalar)
                    breakAfterWide = !glueNext
                    hasRun = false
                    runStart = next
                    runWidth = 0
                } else {
                    if breakAfterWide && !hasRun && Self.isAlphanumeric(scalar) {
                        flushWord()
                    }
                    breakAfterWide = false
                    glueNext = false
                    if hasRun && isSpace != runIsSpace {
                        addRun(index, at(runStart), at(offset), runWidth, isSpace: runIsSpace)
                        runStart = offset
                        runWidth = 0
                    }
                    runIsSpace = isSpace
                    runWidth += characterWidth
                    hasRun = true
                }
                offset = next
            }
            if hasRun { addRun(index, at(runStart), at(bytes.count), runWidth, isSpace: runIsSpace) }
        }
    }

    /// Letters and digits (ASCII fast check, then Unicode properties).
    private static func isAlphanumeric(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (scalar >= 0x30 && scalar <= 0x39) || ((scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A)
        }
        guard let value = Unicode.Scalar(scalar) else { return false }
        return value.properties.isAlphabetic || value.properties.numericType != nil
    }

    private mutating func addRun(_ span: Int, _ lower: String.Index, _ upper: String.Index, _ runWidth: Int, isSpace: Bool) {
        let piece = Piece(span: span, lower: lower, upper: upper, width: runWidth)
        if isSpace {
            flushWord()
            gap.append(piece)
            gapWidth += runWidth
        } else {
            word.append(piece)
            wordWidth += runWidth
        }
    }

    /// Places the pending word (with the pending gap before it) on the current or a new line.
    private mutating func flushWord() {
        if word.isEmpty { return }
        defer {
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
        }
        let keepGap = !line.isEmpty || atParagraphStart
        if keepGap && lineWidth + gapWidth + wordWidth <= width {
            for piece in gap { place(piece) }
        } else if !line.isEmpty {
            endLine()
        }
        gap.removeAll(keepingCapacity: true)
        gapWidth = 0
        atParagraphStart = false
        if lineWidth + wordWidth <= width {
            for piece in word { place(piece) }
        } else {
            breakWord()
        }
    }

    /// Places an overlong word cluster by cluster, breaking lines as they fill.
    private mutating func breakWord() {
        for piece in word {
            let text = spans[piece.span].text
            var start = piece.lower
            var position = piece.lower
            var chunkWidth = 0
            while position != piece.upper {
                let next = text.index(after: position)
                let characterWidth = TerminalWidth.of(text[position])
                if lineWidth + chunkWidth + characterWidth > width && lineWidth + chunkWidth > 0 {
                    if position != start {
                        place(Piece(span: piece.span, lower: start, upper: position, width: chunkWidth))
                    }
                    endLine()
                    start = position
                    chunkWidth = 0
                }
                chunkWidth += characterWidth
                position = next
            }
            if position != start {
                place(Piece(span: piece.span, lower: start, upper: position, width: chunkWidth))
            }
        }
    }

    private mutating func place(_ piece: Piece) {
        if let last = line.last, last.span == piece.span, last.upper == piece.lower {
            line[line.count - 1].upper = piece.upper
            line[line.count - 1].width += piece.width
        } else {
            line.append(piece)
        }
        lineWidth += piece.width
    }

    private mutating func endLine() {
        let prefix = lines.isEmpty ? firstPrefix : restPrefix
        if line.isEmpty {
            lines.append(StyledLine(prefix.isEmpty ? [] : Layout.trimTrailingSpaces(prefix)))
            return
        }
        var output: [StyledSpan] = prefix
        output.reserveCapacity(prefix.count + line.count)
        for piece in line {
            let span = spans[piece.span]
            if piece.lower == span.text.startIndex && piece.upper == span.text.endIndex {
                output.append(span)
            } else {
                output.append(StyledSpan(String(span.text[piece.lower..<piece.upper]), style: span.style))
            }
        }
        lines.append(StyledLine(output))
        line.removeAll(keepingCapacity: true)
        lineWidth = 0
    }
}
