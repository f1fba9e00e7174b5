import CCmarkGFM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses markdown with cmark-gfm (tables, strikethrough, autolink, tasklist) into `BlockNode`s.
enum CmarkParser {
    /// Registers the GFM core extensions once per process.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Extension names attached to every parser.
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Parses `text` into top-level blocks (the C parse is serialized: cmark-gfm's inline tables are global).
    static func parse(_ text: String) -> [BlockNode] {
        guard let document = ParserLock.shared.withLock({ parseDocument(text) }) else { return [] }
        defer { cmark_node_free(document) }
        return blocks(under: document, NodeTypes())
    }

    /// Runs cmark-gfm with the GFM extensions attached; the caller frees the returned document.
    private static func parseDocument(_ text: String) -> OpaquePointer? {
        _ = registered
        guard let parser = cmark_parser_new(hl_opt_default()) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var source = text
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    cmark_parser_feed(parser, base, chars.count)
                }
            }
        }
        return cmark_parser_finish(parser)
    }

    /// Deepest container / inline nesting converted as a tree; deeper content becomes plain text,
    /// so hostile input (`> > > …` thousands deep) cannot overflow the stack later on.
    static let maximumDepth = 16

    /// Type codes of the extension nodes (read once per parse) and the current nesting depth.
    struct NodeTypes {
        let table = hl_node_type_table()
        let tableRow = hl_node_type_table_row()
        let tableCell = hl_node_type_table_cell()
        let strikethrough = hl_node_type_strikethrough()
        var depth = 0

        /// The same types one nesting level deeper.
        func nested() -> NodeTypes {
            var copy = self
            copy.depth += 1
            return copy
        }
    }

    /// All text under `node`, collected without recursion (used beyond `maximumDepth`).
    private static func flatText(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if event == CMARK_EVENT_ENTER {
                if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                    text += literal(current)
                } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    text += " "
                }
            } else if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM {
                text += " "
            }
        }
        return text
    }

    private static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Number of children of `node` (walks the C list; used to size arrays once).
    private static func childCount(_ node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        return count
    }

    private static func literal(_ node: OpaquePointer) -> String {
        guard let pointer = cmark_node_get_literal(node) else { return "" }
        return String(cString: pointer)
    }

    private static func blocks(under node: OpaquePointer, _ outer: NodeTypes) -> [BlockNode] {
        let types = outer.nested()
        if types.depth > maximumDepth { return [.paragraph([.text(flatText(node))])] }
        var result: [BlockNode] = []
        result.reserveCapacity(childCount(node))
        var child = cmark_node_first_child(node)
        while let current = child {
            if let block = block(current, types) { result.append(block) }
            child = cmark_node_next(current)
        }
        return result
    }

    private static func block(_ node: OpaquePointer, _ types: NodeTypes) -> BlockNode? {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(inlines(under: node, types))
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(under: node, types))
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote(blocks(under: node, types))
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let items = children(of: node).map { item -> ListItemNode in
                var task: Bool?
                if let typeName = cmark_node_get_type_string(item), strcmp(typeName, "tasklist") == 0 {
                    task = cmark_gfm_extensions_get_tasklist_item_checked(item)
                }
                return ListItemNode(task: task, children: blocks(under: item, types))
            }
            return .list(
                ordered: ordered, start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0, items: items)
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return .codeBlock(info: info, literal: literal(node))
        case CMARK_NODE_HTML_BLOCK:
            return .htmlBlock(literal(node))
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak
        case types.table:
            return .table(table(node, types))
        default:
            let nested = blocks(under: node, types)
            return nested.isEmpty ? nil : .blockQuote(nested)
        }
    }

    private static func table(_ node: OpaquePointer, _ types: NodeTypes) -> TableNode {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [ColumnAlignment] = []
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for index in 0..<columns {
                switch raw[index] {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        } else {
            alignments = Array(repeating: .none, count: columns)
        }
        var header: [[InlineNode]] = []
        var rows: [[[InlineNode]]] = []
        for row in children(of: node) where cmark_node_get_type(row) == types.tableRow {
            let cells = children(of: row).map { inlines(under: $0, types) }
            if header.isEmpty && rows.isEmpty && cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return TableNode(alignments: alignments, header: header, rows: rows)
    }

    /// Converts the inline children of `node`; runs of text and soft breaks (cmark splits text at
    /// every special character) are joined into one `.text` node, soft breaks becoming spaces.
    private static func inlines(under node: OpaquePointer, _ outer: NodeTypes) -> [InlineNode] {
        let types = outer.nested()
        if types.depth > maximumDepth { return [.text(flatText(node))] }
        var result: [InlineNode] = []
        result.reserveCapacity(childCount(node))
        var run = TextRun()
        var child = cmark_node_first_child(node)
        while let current = child {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_TEXT {
                if let pointer = cmark_node_get_literal(current) { run.add(pointer) }
            } else if type == CMARK_NODE_SOFTBREAK {
                run.addSpace()
            } else {
                if let text = run.take() { result.append(.text(text)) }
                if let inline = inline(current, types) { result.append(inline) }
            }
            child = cmark_node_next(current)
        }
        if let text = run.take() { result.append(.text(text)) }
        return result
    }

    private static func inline(_ node: OpaquePointer, _ types: NodeTypes) -> InlineNode? {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_HTML_INLINE: return .html(literal(node))
        case CMARK_NODE_EMPH: return .emphasis(inlines(under: node, types))
        case CMARK_NODE_STRONG: return .strong(inlines(under: node, types))
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
            let content = inlines(under: node, types)
            return type == CMARK_NODE_LINK
                ? .link(url: url, title: title, children: content)
                : .image(url: url, title: title, children: content)
        case types.strikethrough: return .strikethrough(inlines(under: node, types))
        default:
            let nested = inlines(under: node, types)
            if !nested.isEmpty { return .emphasis(nested) }
            let text = literal(node)
            return text.isEmpty ? nil : .text(text)
        }
    }
}

/// Joins consecutive cmark text literals (and soft-break spaces); a lone literal is copied once.
private struct TextRun {
    private var single: UnsafePointer<CChar>?
    private var bytes: [UInt8] = []
    private var joined = false

    /// Adds a NUL-terminated literal.
    mutating func add(_ pointer: UnsafePointer<CChar>) {
        if !joined && single == nil {
            single = pointer
            return
        }
        spill()
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    }

    /// Adds the space of a soft break.
    mutating func addSpace() {
        spill()
        bytes.append(0x20)
    }

    /// The joined text so far (nil if empty), and starts a new run.
    mutating func take() -> String? {
        defer {
            single = nil
            bytes.removeAll(keepingCapacity: true)
            joined = false
        }
        if let pointer = single, !joined { return String(cString: pointer) }
        return joined && !bytes.isEmpty ? String(decoding: bytes, as: UTF8.self) : nil
    }

    private mutating func spill() {
        guard !joined else { return }
        joined = true
        if let pointer = single {
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
            single = nil
        }
    }
}
