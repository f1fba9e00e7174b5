import CCmarkGFM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Read access to a parsed cmark-gfm tree: extension node types, literals as bytes, flat text.
struct CmarkTree {
    /// Deepest container / inline nesting styled as a tree; deeper content becomes plain text,
    /// so hostile input (`> > > …` thousands deep) cannot overflow the stack later on.
    static let maximumDepth = 16

    /// Type code of GFM table nodes.
    let table = hl_node_type_table()
    /// Type code of GFM table rows.
    let tableRow = hl_node_type_table_row()
    /// Type code of GFM strikethrough spans.
    let strikethrough = hl_node_type_strikethrough()

    /// Passes the literal of `node` as UTF-8 bytes to `body` (an empty buffer when it has none).
    @inline(__always)
    static func withLiteral<T>(_ node: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let pointer = cmark_node_get_literal(node) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            body(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The literal of `node` as a string ("" when it has none).
    static func literal(_ node: OpaquePointer) -> String {
        guard let pointer = cmark_node_get_literal(node) else { return "" }
        return String(cString: pointer)
    }

    /// A C string attribute (URL, title, fence info) as a string ("" when absent).
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// Number of children of `node`.
    static func childCount(_ node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        return count
    }

    /// All text under `node` (itself included), collected without recursion; used beyond
    /// `maximumDepth`. Breaks and the ends of paragraphs, headings and items become spaces.
    static func flatText(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text: [UInt8] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if event == CMARK_EVENT_ENTER {
                if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                    withLiteral(current) { text.append(contentsOf: $0) }
                } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    text.append(0x20)
                }
            } else if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM {
                text.append(0x20)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `node` is a block that shows anything: false only for unknown block types holding
    /// no such block (they are skipped, like an empty custom block). `depth` is the node's depth.
    func isShownBlock(_ node: OpaquePointer, depth: Int) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST,
            CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, table:
            return true
        default:
            if depth + 1 > CmarkTree.maximumDepth { return true }
            var child = cmark_node_first_child(node)
            while let current = child {
                if isShownBlock(current, depth: depth + 1) { return true }
                child = cmark_node_next(current)
            }
            return false
        }
    }
}
