/// Horizontal alignment of a table column.
enum ColumnAlignment: Sendable, Hashable {
    case none, left, center, right
}

/// Inline markdown content, independent of the parser that produced it.
enum InlineNode: Sendable, Hashable {
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case html(String)
    case emphasis([InlineNode])
    case strong([InlineNode])
    case strikethrough([InlineNode])
    case link(url: String, title: String, children: [InlineNode])
    case image(url: String, title: String, children: [InlineNode])
}

/// One list item; `task` is nil for ordinary items, else whether the box is checked.
struct ListItemNode: Sendable, Hashable {
    var task: Bool?
    var children: [BlockNode]
}

/// A GFM table: alignments per column, the header row and the body rows of inline cells.
struct TableNode: Sendable, Hashable {
    var alignments: [ColumnAlignment]
    var header: [[InlineNode]]
    var rows: [[[InlineNode]]]
}

/// Block markdown content, independent of the parser that produced it.
enum BlockNode: Sendable, Hashable {
    case paragraph([InlineNode])
    case heading(level: Int, [InlineNode])
    case blockQuote([BlockNode])
    case list(ordered: Bool, start: Int, tight: Bool, items: [ListItemNode])
    case codeBlock(info: String, literal: String)
    case htmlBlock(String)
    case thematicBreak
    case table(TableNode)
}
