/// Lays out GFM tables: fitted column widths, wrapped cells, alignment; stacked records when too narrow.
enum TableLayout {
    /// Separator drawn between columns.
    private static let columnSeparator = " │ "
    /// Narrowest a column may get before the table falls back to stacked records.
    private static let minimumColumn = 4

    /// Display lines of `table` in `width` columns.
    static func lines(_ table: DocTable, width: Int, theme: Theme) -> [[StyledSpan]] {
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0, table.alignments.count)
        guard columns > 0 else { return [] }
        let allRows = [table.header] + table.rows
        var natural = Array(repeating: 1, count: columns)
        var longestWord = Array(repeating: 1, count: columns)
        for row in allRows {
            for (column, cell) in row.enumerated() where column < columns {
                natural[column] = max(natural[column], cellWidth(cell))
                longestWord[column] = max(longestWord[column], widestWord(cell))
            }
        }
        let separators = (columns - 1) * 3
        let available = width - separators
        let minimums = (0..<columns).map { min(natural[$0], max(minimumColumn, min(longestWord[$0], 12))) }
        if available < minimums.reduce(0, +) || available < columns * min(minimumColumn, 2) {
            return stacked(table, columns: columns, width: width, theme: theme)
        }
        let widths = distribute(natural: natural, minimums: minimums, available: available)
        var output: [[StyledSpan]] = []
        let border = theme.tableBorder
        output += rowLines(table.header, widths: widths, alignments: table.alignments, border: border)
        let rule = widths.map { Repeated.rule($0) }.joined(separator: "─┼─")
        output.append([StyledSpan(rule, style: border)])
        for row in table.rows {
            output += rowLines(row, widths: widths, alignments: table.alignments, border: border)
        }
        return output
    }

    /// Column widths: each gets its minimum, the rest is shared in proportion to what it still wants.
    private static func distribute(natural: [Int], minimums: [Int], available: Int) -> [Int] {
        var widths = minimums
        var spare = available - minimums.reduce(0, +)
        while spare > 0 {
            let wanting = widths.indices.filter { widths[$0] < natural[$0] }
            if wanting.isEmpty { break }
            let totalWant = wanting.reduce(0) { $0 + natural[$1] - widths[$1] }
            var given = 0
            for column in wanting {
                let want = natural[column] - widths[column]
                let share = max(1, spare * want / max(1, totalWant))
                let grant = min(want, share, spare - given)
                widths[column] += grant
                given += grant
                if given >= spare { break }
            }
            if given == 0 { break }
            spare -= given
        }
        return widths
    }

    private static func rowLines(
        _ row: [[StyledSpan]], widths: [Int], alignments: [ColumnAlignment], border: TextStyle
    ) -> [[StyledSpan]] {
        var wrapped: [[StyledLine]] = []
        wrapped.reserveCapacity(widths.count)
        for column in widths.indices {
            wrapped.append(
                column < row.count
                    ? LineWrapper.wrap(row[column], width: widths[column], firstPrefix: [], restPrefix: [])
                    : [StyledLine()])
        }
        var height = 1
        for cell in wrapped { height = max(height, cell.count) }
        let separator = StyledSpan(columnSeparator, style: border)
        var output: [[StyledSpan]] = []
        output.reserveCapacity(height)
        for lineIndex in 0..<height {
            var spans: [StyledSpan] = []
            spans.reserveCapacity(widths.count * 3)
            for column in widths.indices {
                if column > 0 { spans.append(separator) }
                let cellLine = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : StyledLine()
                let alignment = column < alignments.count ? alignments[column] : .none
                let isLast = column == widths.count - 1
                appendAligned(cellLine, width: widths[column], alignment: alignment, padRight: !isLast, to: &spans)
            }
            if let last = spans.last, last.text.utf8.last == 0x20 {
                spans = Layout.trimTrailingSpaces(spans)
            }
            output.append(spans)
        }
        return output
    }

    private static func appendAligned(
        _ line: StyledLine, width: Int, alignment: ColumnAlignment, padRight: Bool, to spans: inout [StyledSpan]
    ) {
        let free = max(0, width - line.width)
        let left: Int
        switch alignment {
        case .right: left = free
        case .center: left = free / 2
        case .left, .none: left = 0
        }
        if left > 0 { spans.append(StyledSpan(Repeated.spaces(left))) }
        spans += line.spans
        if padRight && free - left > 0 { spans.append(StyledSpan(Repeated.spaces(free - left))) }
    }

    /// Narrow fallback: the header names on one line, then each row as `header: value` lines.
    private static func stacked(_ table: DocTable, columns: Int, width: Int, theme: Theme) -> [[StyledSpan]] {
        var output: [[StyledSpan]] = []
        var headerLine: [StyledSpan] = []
        for (index, cell) in table.header.enumerated() {
            if index > 0 { headerLine.append(StyledSpan(" · ", style: theme.tableBorder)) }
            headerLine += cell
        }
        output += LineWrapper.wrap(headerLine, width: width)
        for row in table.rows {
            output.append([StyledSpan(Repeated.rule(width), style: theme.tableBorder)])
            for column in 0..<columns {
                var spans: [StyledSpan] = []
                if column < table.header.count {
                    spans += table.header[column]
                    spans.append(StyledSpan(": ", style: theme.tableHeader))
                }
                if column < row.count { spans += row[column] }
                output += LineWrapper.wrap(spans, width: width)
            }
        }
        return output
    }

    private static func cellWidth(_ cell: [StyledSpan]) -> Int {
        var total = 0
        for span in cell { total += TerminalWidth.of(span.text) }
        return total
    }

    private static func widestWord(_ cell: [StyledSpan]) -> Int {
        var widest = 0
        var current = 0
        for span in cell {
            var text = span.text
            let ascii = text.withUTF8 { bytes -> Bool in
                guard ByteScan.isPrintableASCII(bytes) else { return false }
                for byte in bytes {
                    if byte == 0x20 {
                        widest = max(widest, current)
                        current = 0
                    } else {
                        current += 1
                    }
                }
                return true
            }
            if ascii { continue }
            for character in span.text {
                if character == " " {
                    widest = max(widest, current)
                    current = 0
                } else {
                    current += TerminalWidth.of(character)
                }
            }
        }
        return max(widest, current)
    }
}
