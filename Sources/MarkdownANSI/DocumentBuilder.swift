import CCmarkGFM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the width-independent styled document (`[DocBlock]`) straight from a cmark-gfm tree.
///
/// Containers (quotes, list items) are kept on a stack; each contributes a first-line prefix
/// (bar, bullet, number) and a continuation prefix (bar or hanging indent). A leaf block gets
/// the first-line prefix of every container it is the first leaf of.
struct DocumentBuilder {
    /// A container's prefixes and whether its first line has been emitted.
    private struct Container {
        var first: [StyledSpan]
        var rest: [StyledSpan]
        /// Columns of `first` and of `rest`.
        var firstWidth: Int
        var restWidth: Int
        var used = false
    }

    /// Bullets (with their trailing space) by list depth; each is two columns wide.
    private static let bullets = ["• ", "◦ ", "▪ "]

    /// The theme (held once, by the styler).
    private var theme: Theme { styler.theme }
    private let tree = CmarkTree()
    private var styler: InlineStyler
    private var output: [DocBlock] = []
    private var containers: [Container] = []
    private var listDepth = 0
    /// Hanging-indent prefixes by width, made once per document (one array shared by all items).
    private var indents: [[StyledSpan]] = []

    /// Creates a builder drawing with `theme`.
    init(theme: Theme) {
        styler = InlineStyler(theme: theme)
    }

    /// The styled document of the cmark `document` node.
    static func build(_ document: OpaquePointer, theme: Theme) -> [DocBlock] {
        var builder = DocumentBuilder(theme: theme)
        builder.output.reserveCapacity(CmarkTree.childCount(document) * 2)
        builder.sequence(childrenOf: document, depth: 0, tight: false, style: theme.text)
        return builder.output
    }

    /// Emits the block children of `node` (at `depth`) separated by blank lines unless `tight`;
    /// blocks that draw nothing get no separator. Beyond the maximum depth the content is one paragraph.
    private mutating func sequence(childrenOf node: OpaquePointer, depth parentDepth: Int, tight: Bool, style: TextStyle) {
        let depth = parentDepth + 1
        if depth > CmarkTree.maximumDepth {
            leaf(.text(styler.run(text: CmarkTree.flatText(node), base: style), underline: nil))
            return
        }
        var needSeparator = false
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            guard tree.isShownBlock(current, depth: depth) else { continue }
            let before = output.count
            if needSeparator { blank() }
            let afterSeparator = output.count
            emit(current, style: style, depth: depth)
            if output.count == afterSeparator {
                output.removeSubrange(before..<afterSeparator)
            } else {
                needSeparator = !tight
            }
        }
    }

    private mutating func emit(_ node: OpaquePointer, style: TextStyle, depth: Int) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            leaf(.text(styler.run(childrenOf: node, base: style, depth: depth, tree: tree), underline: nil))
        case CMARK_NODE_HEADING:
            let level = Int(cmark_node_get_heading_level(node))
            let headingStyle = style.merged(with: theme.heading(level))
            let underline: Character? = level == 1 ? "═" : (level == 2 ? "─" : nil)
            leaf(.text(styler.run(childrenOf: node, base: headingStyle, depth: depth, tree: tree), underline: underline))
        case CMARK_NODE_LIST:
            list(node, style: style, depth: depth)
        case CMARK_NODE_CODE_BLOCK:
            leaf(.code(CodeLines.split(CmarkTree.literal(node))))
        case CMARK_NODE_HTML_BLOCK:
            let spans = InlineStyler.htmlBlockSpans(CmarkTree.literal(node), base: style, theme: theme)
            if !spans.isEmpty { leaf(.text(spans, underline: nil)) }
        case CMARK_NODE_THEMATIC_BREAK:
            leaf(.rule)
        case tree.table:
            leaf(.table(styledTable(node, style: style, depth: depth)))
        default:
            // Block quotes, and unknown containers drawn like them.
            let bar = [StyledSpan("│ ", style: theme.quoteBar)]
            containers.append(Container(first: bar, rest: bar, firstWidth: 2, restWidth: 2))
            let before = output.count
            sequence(childrenOf: node, depth: depth, tight: false, style: style.merged(with: theme.quoteText))
            if output.count == before { leaf(.text([], underline: nil)) }
            containers.removeLast()
        }
    }

    private mutating func list(_ node: OpaquePointer, style: TextStyle, depth: Int) {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let start = Int(cmark_node_get_list_start(node))
        let tight = cmark_node_get_list_tight(node) != 0
        let bullet = DocumentBuilder.bullets[listDepth % DocumentBuilder.bullets.count]
        let last = start + max(0, CmarkTree.childCount(node) - 1)
        let numberWidth = String(last).utf8.count
        listDepth += 1
        defer { listDepth -= 1 }
        var offset = 0
        var child = cmark_node_first_child(node)
        while let item = child {
            child = cmark_node_next(item)
            var task: Bool?
            if let typeName = cmark_node_get_type_string(item), strcmp(typeName, "tasklist") == 0 {
                task = cmark_gfm_extensions_get_tasklist_item_checked(item)
            }
            var marker: [StyledSpan]
            var markerWidth: Int
            if ordered {
                let number = String(start + offset)
                let padding = max(0, numberWidth - number.utf8.count)
                marker = [StyledSpan(Repeated.spaces(padding) + number + ". ", style: theme.listMarker)]
                markerWidth = padding + number.utf8.count + 2
            } else {
                marker = task == nil ? [StyledSpan(bullet, style: theme.listMarker)] : []
                markerWidth = task == nil ? 2 : 0
            }
            if let checked = task {
                marker.append(
                    checked
                        ? StyledSpan("☑ ", style: theme.taskDone)
                        : StyledSpan("☐ ", style: theme.taskOpen))
                markerWidth += 2
            }
            let indent = indentPrefix(markerWidth)
            if offset > 0 && !tight { blank() }
            containers.append(Container(first: marker, rest: indent, firstWidth: markerWidth, restWidth: markerWidth))
            let before = output.count
            sequence(childrenOf: item, depth: depth, tight: tight, style: style)
            if output.count == before { leaf(.text([], underline: nil)) }
            containers.removeLast()
            offset += 1
        }
    }

    /// The hanging-indent prefix of `width` spaces (shared storage for widths met before).
    private mutating func indentPrefix(_ width: Int) -> [StyledSpan] {
        guard width < 32 else { return [StyledSpan(Repeated.spaces(width))] }
        while indents.count <= width { indents.append([StyledSpan(Repeated.spaces(indents.count))]) }
        return indents[width]
    }

    /// Column alignments of a GFM table node.
    private static func alignments(_ node: OpaquePointer) -> [ColumnAlignment] {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        guard let raw = cmark_gfm_extensions_get_table_alignments(node) else {
            return Array(repeating: .none, count: columns)
        }
        var alignments: [ColumnAlignment] = []
        alignments.reserveCapacity(columns)
        for index in 0..<columns {
            switch raw[index] {
            case UInt8(ascii: "l"): alignments.append(.left)
            case UInt8(ascii: "c"): alignments.append(.center)
            case UInt8(ascii: "r"): alignments.append(.right)
            default: alignments.append(.none)
            }
        }
        return alignments
    }

    /// The styled cells of a GFM table node at `depth` (the first row is the header if cmark marks it so).
    private mutating func styledTable(_ node: OpaquePointer, style: TextStyle, depth: Int) -> DocTable {
        let headerStyle = style.merged(with: theme.tableHeader)
        var header: [[StyledSpan]] = []
        var rows: [[[StyledSpan]]] = []
        var row = cmark_node_first_child(node)
        while let current = row {
            row = cmark_node_next(current)
            guard cmark_node_get_type(current) == tree.tableRow else { continue }
            let isHeader = header.isEmpty && rows.isEmpty && cmark_gfm_extensions_get_table_row_is_header(current) != 0
            var cells: [[StyledSpan]] = []
            var cell = cmark_node_first_child(current)
            while let column = cell {
                cell = cmark_node_next(column)
                cells.append(styler.run(childrenOf: column, base: isHeader ? headerStyle : style, depth: depth, tree: tree))
            }
            if isHeader { header = cells } else { rows.append(cells) }
        }
        return DocTable(alignments: DocumentBuilder.alignments(node), header: header, rows: rows)
    }

    /// Emits a leaf block with the prefixes of the open containers.
    private mutating func leaf(_ content: DocContent) {
        if containers.isEmpty {
            output.append(DocBlock(firstPrefix: [], restPrefix: [], content: content))
            return
        }
        if containers.count == 1 {
            let container = containers[0]
            containers[0].used = true
            output.append(
                DocBlock(
                    firstPrefix: container.used ? container.rest : container.first, restPrefix: container.rest,
                    firstWidth: container.used ? container.restWidth : container.firstWidth,
                    restWidth: container.restWidth, content: content))
            return
        }
        var first: [StyledSpan] = []
        var rest: [StyledSpan] = []
        var firstWidth = 0
        var restWidth = 0
        for index in containers.indices {
            let used = containers[index].used
            first += used ? containers[index].rest : containers[index].first
            firstWidth += used ? containers[index].restWidth : containers[index].firstWidth
            rest += containers[index].rest
            restWidth += containers[index].restWidth
            containers[index].used = true
        }
        output.append(DocBlock(firstPrefix: first, restPrefix: rest, firstWidth: firstWidth, restWidth: restWidth, content: content))
    }

    /// Emits an empty separator line inside the open containers.
    private mutating func blank() {
        var rest: [StyledSpan] = []
        var width = 0
        for container in containers {
            rest += container.rest
            width += container.restWidth
        }
        output.append(DocBlock(firstPrefix: rest, restPrefix: rest, firstWidth: width, restWidth: width, content: .blank))
    }
}
