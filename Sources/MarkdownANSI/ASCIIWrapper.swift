/// Fast greedy wrapping for the common case: every span is printable ASCII or narrow standalone
/// characters (`SimpleClusters.isNarrow`: one character = one column = one grapheme cluster, no
/// break opportunity of its own, like `—`, `é` or `→`).
///
/// Works on byte offsets over the concatenated spans and produces exactly what `LineWrapper`
/// produces for such input (break at the last space run, spaces dropped at breaks, words longer
/// than the width cut at the width), without per-word bookkeeping. Hard breaks ("\n" spans)
/// split the input into paragraphs wrapped one after the other, as `LineWrapper` does.
enum ASCIIWrapper {
    /// Wrapped lines with prefixes, or nil when the input is not eligible (wide or combining
    /// characters, controls, a paragraph starting with a space).
    static func wrap(
        _ spans: [StyledSpan], width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan]
    ) -> [StyledLine]? {
        var lines: [StyledLine] = []
        return wrap(spans, width: width, firstPrefix: firstPrefix, restPrefix: restPrefix, into: &lines) ? lines : nil
    }

    /// Appends the wrapped lines with prefixes to `lines`; false (and `lines` unchanged) when the
    /// input is not eligible.
    static func wrap(
        _ spans: [StyledSpan], width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan],
        into lines: inout [StyledLine]
    ) -> Bool {
        // No spans at all (an empty heading): the general wrapper's one line with a trimmed prefix.
        guard !spans.isEmpty else { return false }
        guard spans.contains(where: isBreak) else {
            return wrapParagraph(spans[...], width: width, firstPrefix: firstPrefix, restPrefix: restPrefix, into: &lines)
        }
        let before = lines.count
        var start = spans.startIndex
        while true {
            let end = spans[start...].firstIndex(where: isBreak) ?? spans.endIndex
            let prefix = lines.count == before ? firstPrefix : restPrefix
            if start == end {
                // An empty paragraph: one line holding only the (trimmed) prefix, none at the very end.
                if end != spans.endIndex {
                    lines.append(StyledLine(prefix.isEmpty ? [] : Layout.trimTrailingSpaces(prefix)))
                }
            } else if !wrapParagraph(spans[start..<end], width: width, firstPrefix: prefix, restPrefix: restPrefix, into: &lines) {
                lines.removeSubrange(before...)
                return false
            }
            if end == spans.endIndex { return true }
            start = end + 1
        }
    }

    /// Whether `span` is a hard break.
    @inline(__always)
    private static func isBreak(_ span: StyledSpan) -> Bool {
        span.text.utf8.count == 1 && span.text.utf8.first == 0x0A
    }

    /// Wraps one paragraph (no hard breaks) and appends its lines; false (nothing appended) when not eligible.
    private static func wrapParagraph(
        _ spans: ArraySlice<StyledSpan>, width: Int, firstPrefix: [StyledSpan], restPrefix: [StyledSpan],
        into lines: inout [StyledLine]
    ) -> Bool {
        guard spans.first?.text.utf8.first != 0x20 else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: spans.count + 1) { starts in
            var total = 0
            for (index, span) in spans.enumerated() {
                guard ByteScan.isPrintableASCII(span.text) || SimpleClusters.isNarrow(span.text) else { return false }
                starts[index] = total
                total += span.text.utf8.count
            }
            starts[spans.count] = total
            var emitted = 0
            /// Appends the line holding bytes `lower..<upper` (lines are found in order).
            func emit(_ lower: Int, _ upper: Int) {
                let prefix = emitted == 0 ? firstPrefix : restPrefix
                var output: [StyledSpan] = []
                output.reserveCapacity(prefix.count + min(spans.count, 4))
                output += prefix
                appendSlices(spans, starts: starts, from: lower, to: upper, into: &output)
                lines.append(StyledLine(output))
                emitted += 1
            }
            var lineStart = 0
            var column = 0
            var breakEnd = -1
            var breakNext = -1
            var breakNextCharacter = -1
            var previousWasSpace = false
            var position = 0
            var character = 0
            for span in spans {
                var text = span.text
                text.withUTF8 { bytes in
                    for byte in bytes {
                        // A UTF-8 continuation byte belongs to the character before it (one column, no break).
                        if byte & 0xC0 == 0x80 {
                            position += 1
                            continue
                        }
                        if byte == 0x20 {
                            if !previousWasSpace { breakEnd = position }
                            breakNext = position + 1
                            breakNextCharacter = character + 1
                            previousWasSpace = true
                        } else {
                            if column + 1 > width {
                                if breakEnd > lineStart {
                                    emit(lineStart, breakEnd)
                                    lineStart = breakNext
                                    column = character - breakNextCharacter
                                    breakEnd = -1
                                }
                                if column + 1 > width {
                                    emit(lineStart, position)
                                    lineStart = position
                                    column = 0
                                    breakEnd = -1
                                }
                            }
                            previousWasSpace = false
                        }
                        column += 1
                        position += 1
                        character += 1
                    }
                }
            }
            let end = previousWasSpace ? breakEnd : total
            if end > lineStart || emitted == 0 { emit(lineStart, max(lineStart, end)) }
            return true
        }
    }

    /// Appends the parts of `spans` between global byte offsets `lower` and `upper`.
    private static func appendSlices(
        _ spans: ArraySlice<StyledSpan>, starts: UnsafeMutableBufferPointer<Int>, from lower: Int, to upper: Int,
        into output: inout [StyledSpan]
    ) {
        let base = spans.startIndex
        var index = 0
        while index < spans.count && starts[index + 1] <= lower { index += 1 }
        while index < spans.count && starts[index] < upper {
            let span = spans[base + index]
            let spanStart = starts[index]
            let spanEnd = starts[index + 1]
            if lower <= spanStart && spanEnd <= upper {
                output.append(span)
            } else {
                let from = max(lower, spanStart) - spanStart
                let to = min(upper, spanEnd) - spanStart
                var text = span.text
                let slice = text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[from..<to]), as: UTF8.self) }
                output.append(StyledSpan(slice, style: span.style))
            }
            index += 1
        }
    }
}
