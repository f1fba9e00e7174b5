/// A GFM table whose cells are already styled but not yet laid out.
struct DocTable: Sendable, Hashable {
    var alignments: [ColumnAlignment]
    var header: [[StyledSpan]]
    var rows: [[[StyledSpan]]]
}

/// Content of one width-independent block of the styled document.
enum DocContent: Sendable, Hashable {
    /// Wrapped text; a span whose text is "\n" is a hard break. `underline` draws a rule under it.
    case text([StyledSpan], underline: Character?)
    /// Code lines drawn unwrapped (hard-wrapped with a marker only when wider than the width).
    case code([String])
    /// A horizontal rule across the available width.
    case rule
    /// A table laid out to the available width.
    case table(DocTable)
    /// An empty separator line (only the container prefix, trailing spaces trimmed).
    case blank
}

/// A block of the width-independent styled document with the prefixes of its containers.
struct DocBlock: Sendable, Hashable {
    /// Prefix of the block's first line (list markers, quote bars).
    var firstPrefix: [StyledSpan]
    /// Prefix of every following line (hanging indent, quote bars).
    var restPrefix: [StyledSpan]
    /// Columns of `firstPrefix`.
    var firstWidth: Int
    /// Columns of `restPrefix`.
    var restWidth: Int
    /// What the block shows.
    var content: DocContent

    /// A block with prefixes of known widths.
    init(firstPrefix: [StyledSpan], restPrefix: [StyledSpan], firstWidth: Int, restWidth: Int, content: DocContent) {
        self.firstPrefix = firstPrefix
        self.restPrefix = restPrefix
        self.firstWidth = firstWidth
        self.restWidth = restWidth
        self.content = content
    }

    /// A block whose prefix widths are measured here.
    init(firstPrefix: [StyledSpan], restPrefix: [StyledSpan], content: DocContent) {
        self.init(
            firstPrefix: firstPrefix, restPrefix: restPrefix, firstWidth: DocBlock.width(of: firstPrefix),
            restWidth: DocBlock.width(of: restPrefix), content: content)
    }

    /// Columns of a prefix.
    static func width(of prefix: [StyledSpan]) -> Int {
        var width = 0
        for span in prefix { width += TerminalWidth.of(span.text) }
        return width
    }
}
