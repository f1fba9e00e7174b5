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
    /// What the block shows.
    var content: DocContent
}
