/// Builds the width-independent styled document (`[DocBlock]`) from parsed markdown blocks.
///
/// Containers (quotes, list items) are kept on a stack; each contributes a first-line prefix
/// (bar, bullet, number) and a continuation prefix (bar or hanging indent). A leaf block gets
/// the first-line prefix of every container it is the first leaf of.
struct DocumentBuilder {
    /// A container's prefixes and whether its first line has been emitted.
    private struct Container {
        var first: [StyledSpan]
        var rest: [StyledSpan]
        var used = false
    }

    /// Bullets by list depth.
    private static let bullets = ["•", "◦", "▪"]

    private let theme: Theme
    private var styler: InlineStyler
    private var output: [DocBlock] = []
    private var containers: [Container] = []
    private var listDepth = 0

    /// Creates a builder drawing with `theme`.
    init(theme: Theme) {
        self.theme = theme
        styler = InlineStyler(theme: theme)
    }

    /// The styled document of top-level `blocks`.
    static func build(_ blocks: [BlockNode], theme: Theme) -> [DocBlock] {
        var builder = DocumentBuilder(theme: theme)
        builder.sequence(blocks, tight: false, style: theme.text)
        return builder.output
    }

    /// Emits `blocks` separated by blank lines unless `tight`; blocks that draw nothing get no separator.
    private mutating func sequence(_ blocks: [BlockNode], tight: Bool, style: TextStyle) {
        var needSeparator = false
        for block in blocks {
            let before = output.count
            if needSeparator { blank() }
            let afterSeparator = output.count
            emit(block, style: style)
            if output.count == afterSeparator {
                output.removeSubrange(before..<afterSeparator)
            } else {
                needSeparator = !tight
            }
        }
    }

    private mutating func emit(_ block: BlockNode, style: TextStyle) {
        switch block {
        case .paragraph(let inlines):
            leaf(.text(styler.run(inlines, base: style), underline: nil))
        case .heading(let level, let inlines):
            let headingStyle = style.merged(with: theme.heading(level))
            let underline: Character? = level == 1 ? "═" : (level == 2 ? "─" : nil)
            leaf(.text(styler.run(inlines, base: headingStyle), underline: underline))
        case .blockQuote(let children):
            let bar = [StyledSpan("│ ", style: theme.quoteBar)]
            containers.append(Container(first: bar, rest: bar))
            let before = output.count
            sequence(children, tight: false, style: style.merged(with: theme.quoteText))
            if output.count == before { leaf(.text([], underline: nil)) }
            containers.removeLast()
        case .list(let ordered, let start, let tight, let items):
            list(ordered: ordered, start: start, tight: tight, items: items, style: style)
        case .codeBlock(_, let literal):
            leaf(.code(CodeLines.split(literal)))
        case .htmlBlock(let html):
            let spans = InlineStyler.htmlBlockSpans(html, base: style, theme: theme)
            if !spans.isEmpty { leaf(.text(spans, underline: nil)) }
        case .thematicBreak:
            leaf(.rule)
        case .table(let table):
            leaf(.table(styledTable(table, style: style)))
        }
    }

    private mutating func list(ordered: Bool, start: Int, tight: Bool, items: [ListItemNode], style: TextStyle) {
        let bullet = DocumentBuilder.bullets[listDepth % DocumentBuilder.bullets.count]
        let last = start + max(0, items.count - 1)
        let numberWidth = String(last).utf8.count
        listDepth += 1
        defer { listDepth -= 1 }
        for (offset, item) in items.enumerated() {
            var marker: [StyledSpan]
            if ordered {
                let number = String(start + offset)
                let padding = String(repeating: " ", count: max(0, numberWidth - number.count))
                marker = [StyledSpan(padding + number + ". ", style: theme.listMarker)]
            } else {
                marker = item.task == nil ? [StyledSpan(bullet + " ", style: theme.listMarker)] : []
            }
            if let checked = item.task {
                marker.append(
                    checked
                        ? StyledSpan("☑ ", style: theme.taskDone)
                        : StyledSpan("☐ ", style: theme.taskOpen))
            }
            var markerWidth = 0
            for span in marker { markerWidth += TerminalWidth.of(span.text) }
            let indent = [StyledSpan(Repeated.spaces(markerWidth))]
            if offset > 0 && !tight { blank() }
            containers.append(Container(first: marker, rest: indent))
            let before = output.count
            sequence(item.children, tight: tight, style: style)
            if output.count == before { leaf(.text([], underline: nil)) }
            containers.removeLast()
        }
    }

    private mutating func styledTable(_ table: TableNode, style: TextStyle) -> DocTable {
        let headerStyle = style.merged(with: theme.tableHeader)
        var header: [[StyledSpan]] = []
        for cell in table.header { header.append(styler.run(cell, base: headerStyle)) }
        var rows: [[[StyledSpan]]] = []
        for row in table.rows {
            var cells: [[StyledSpan]] = []
            for cell in row { cells.append(styler.run(cell, base: style)) }
            rows.append(cells)
        }
        return DocTable(alignments: table.alignments, header: header, rows: rows)
    }

    /// Emits a leaf block with the prefixes of the open containers.
    private mutating func leaf(_ content: DocContent) {
        if containers.isEmpty {
            output.append(DocBlock(firstPrefix: [], restPrefix: [], content: content))
            return
        }
        var first: [StyledSpan] = []
        var rest: [StyledSpan] = []
        for index in containers.indices {
            first += containers[index].used ? containers[index].rest : containers[index].first
            rest += containers[index].rest
            containers[index].used = true
        }
        output.append(DocBlock(firstPrefix: first, restPrefix: rest, content: content))
    }

    /// Emits an empty separator line inside the open containers.
    private mutating func blank() {
        var rest: [StyledSpan] = []
        for container in containers { rest += container.rest }
        output.append(DocBlock(firstPrefix: rest, restPrefix: rest, content: .blank))
    }
}
