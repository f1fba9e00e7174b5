import CCmarkGFM

/// Styling of cmark inline nodes, read straight from the C tree.
extension InlineStyler {
    /// Styles the inline children of `node` (a paragraph, heading or table cell at `depth`) over
    /// `base` and returns the spans; state left by an earlier run is cleared first.
    mutating func run(childrenOf node: OpaquePointer, base: TextStyle, depth: Int, tree: CmarkTree) -> [StyledSpan] {
        reset()
        emitChildren(of: node, style: base, depth: depth, tree: tree)
        finish(base: base)
        return output.take()
    }

    /// Styles `text` as one plain text node over `base` and returns the spans.
    mutating func run(text: String, base: TextStyle) -> [StyledSpan] {
        reset()
        appendFlattened(text, base)
        return output.take()
    }

    /// Appends the spans of the children of `node` (at `depth`) drawn over `style`; text and soft
    /// breaks of one style join into one span.
    private mutating func emitChildren(of node: OpaquePointer, style: TextStyle, depth parentDepth: Int, tree: CmarkTree) {
        let depth = parentDepth + 1
        if depth > CmarkTree.maximumDepth {
            appendFlattened(CmarkTree.flatText(node), effective(style))
            return
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            emit(current, style: style, depth: depth, tree: tree)
            child = cmark_node_next(current)
        }
    }

    private mutating func emit(_ node: OpaquePointer, style: TextStyle, depth: Int, tree: CmarkTree) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT:
            if hasOpenTags {
                let drawn = effective(style)
                CmarkTree.withLiteral(node) { output.append($0, drawn, flatten: true) }
            } else {
                CmarkTree.withLiteral(node) { output.append($0, style, flatten: true) }
            }
        case CMARK_NODE_SOFTBREAK:
            output.appendSpace(hasOpenTags ? effective(style) : style)
        case CMARK_NODE_LINEBREAK:
            appendBreak()
        case CMARK_NODE_CODE:
            let drawn = effective(style).merged(with: theme.codeSpan)
            CmarkTree.withLiteral(node) { output.append($0, drawn, flatten: true) }
        case CMARK_NODE_HTML_INLINE:
            for token in HTMLSubset.tokenize(CmarkTree.literal(node)) { handle(token, base: style) }
        case CMARK_NODE_EMPH:
            emitChildren(of: node, style: style.merged(with: theme.emphasis), depth: depth, tree: tree)
        case CMARK_NODE_STRONG:
            emitChildren(of: node, style: style.merged(with: theme.strong), depth: depth, tree: tree)
        case tree.strikethrough:
            emitChildren(of: node, style: style.merged(with: theme.strikethrough), depth: depth, tree: tree)
        case CMARK_NODE_LINK:
            let url = CmarkTree.string(cmark_node_get_url(node))
            var linkStyle = style.merged(with: theme.link)
            linkStyle.link = url.isEmpty ? nil : url
            let start = output.count
            emitChildren(of: node, style: linkStyle, depth: depth, tree: tree)
            appendURL(url, textFrom: start, style: style)
        case CMARK_NODE_IMAGE:
            let url = CmarkTree.string(cmark_node_get_url(node))
            var imageStyle = effective(style).merged(with: theme.image)
            imageStyle.link = url.isEmpty ? nil : url
            var alt: [UInt8] = []
            InlineStyler.plainText(childrenOf: node, depth: depth, tree: tree, into: &alt)
            appendImage(alt: String(decoding: alt, as: UTF8.self), url: url, style: imageStyle)
        default:
            if cmark_node_first_child(node) != nil {
                emitChildren(of: node, style: style.merged(with: theme.emphasis), depth: depth, tree: tree)
            } else {
                appendFlattened(CmarkTree.literal(node), effective(style))
            }
        }
    }

    /// Appends `text` with tabs and line ends turned into spaces.
    private mutating func appendFlattened(_ text: String, _ style: TextStyle) {
        var text = text
        text.withUTF8 { output.append($0, style, flatten: true) }
    }

    /// The visible text of the inline children of `node` without styling (image alt text).
    private static func plainText(childrenOf node: OpaquePointer, depth parentDepth: Int, tree: CmarkTree, into text: inout [UInt8]) {
        let depth = parentDepth + 1
        if depth > CmarkTree.maximumDepth {
            appendFlat(CmarkTree.flatText(node).utf8, to: &text)
            return
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                CmarkTree.withLiteral(current) { appendFlat($0, to: &text) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text.append(0x20)
            case CMARK_NODE_HTML_INLINE:
                break
            default:
                if cmark_node_first_child(current) != nil {
                    plainText(childrenOf: current, depth: depth, tree: tree, into: &text)
                } else {
                    appendFlat(CmarkTree.literal(current).utf8, to: &text)
                }
            }
            child = cmark_node_next(current)
        }
    }

    /// Appends UTF-8 with tabs, CR, LF and CR LF turned into one space each.
    private static func appendFlat(_ bytes: some Collection<UInt8>, to text: inout [UInt8]) {
        var previousWasCR = false
        for byte in bytes {
            if byte == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == 0x0D
            text.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
        }
    }
}
