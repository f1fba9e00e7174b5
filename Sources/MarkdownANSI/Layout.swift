/// Lays the width-independent styled document out as terminal lines for one width.
enum Layout {
    /// Lines of `blocks` no wider than `width` (clamped to at least 1).
    static func lines(_ blocks: [DocBlock], width: Int, theme: Theme) -> [StyledLine] {
        let width = max(1, width)
        var result: [StyledLine] = []
        result.reserveCapacity(blocks.count * 2)
        for block in blocks { append(block, width: width, theme: theme, to: &result) }
        return result
    }

    /// Appends the lines of one block (prefix + content) to `result`.
    static func append(_ block: DocBlock, width: Int, theme: Theme, to result: inout [StyledLine]) {
        let maxPrefix = width - max(1, (width + 1) / 2)
        let first = fit(block.firstPrefix, width: block.firstWidth, maxWidth: maxPrefix)
        let rest = fit(block.restPrefix, width: block.restWidth, maxWidth: maxPrefix)
        let available = max(1, width - max(first.width, rest.width))
        if case .text(let spans, let underline) = block.content {
            let start = result.count
            LineWrapper.wrap(spans, width: available, firstPrefix: first.spans, restPrefix: rest.spans, into: &result)
            if let rule = underline {
                var widest = 0
                for line in result[start...] { widest = max(widest, line.width) }
                widest -= result.count > start + 1 ? rest.width : first.width
                let count = min(available, max(1, widest))
                result.append(StyledLine(rest.spans + [StyledSpan(String(repeating: rule, count: count), style: theme.rule)]))
            }
            return
        }
        let content = contentLines(block.content, width: available, theme: theme)
        if content.isEmpty {
            result.append(StyledLine(trimTrailingSpaces(first.spans)))
            return
        }
        for (index, line) in content.enumerated() {
            let prefix = index == 0 ? first.spans : rest.spans
            if line.isEmpty {
                result.append(StyledLine(trimTrailingSpaces(prefix)))
            } else if prefix.isEmpty {
                result.append(StyledLine(line))
            } else {
                result.append(StyledLine(prefix + line))
            }
        }
    }

    private static func contentLines(_ content: DocContent, width: Int, theme: Theme) -> [[StyledSpan]] {
        switch content {
        case .text(let spans, _):
            return LineWrapper.wrap(spans, width: width)
        case .code(let codeLines):
            return CodeLayout.lines(codeLines, width: width, theme: theme)
        case .rule:
            return [[StyledSpan(Repeated.rule(width), style: theme.rule)]]
        case .table(let table):
            return TableLayout.lines(table, width: width, theme: theme)
        case .blank:
            return []
        }
    }

    /// A prefix (`lineWidth` columns) cut to `maxWidth` columns, keeping its right (innermost) part, with its width.
    private static func fit(_ prefix: [StyledSpan], width lineWidth: Int, maxWidth: Int) -> (spans: [StyledSpan], width: Int) {
        if prefix.isEmpty { return ([], 0) }
        guard lineWidth > maxWidth else { return (prefix, lineWidth) }
        var excess = lineWidth - max(0, maxWidth)
        var spans = prefix
        while excess > 0, !spans.isEmpty {
            var text = spans[0].text
            while excess > 0, let character = text.first {
                excess -= TerminalWidth.of(character)
                text.removeFirst()
            }
            if text.isEmpty { spans.removeFirst() } else { spans[0].text = text }
        }
        if excess < 0 { spans.insert(StyledSpan(Repeated.spaces(-excess)), at: 0) }
        return (spans, max(0, maxWidth))
    }

    /// Spans with trailing spaces removed (for lines that hold only a prefix).
    static func trimTrailingSpaces(_ spans: [StyledSpan]) -> [StyledSpan] {
        var spans = spans
        while let last = spans.last {
            var text = last.text
            while text.last == " " { text.removeLast() }
            if text.isEmpty {
                spans.removeLast()
            } else {
                spans[spans.count - 1].text = text
                break
            }
        }
        return spans
    }
}
