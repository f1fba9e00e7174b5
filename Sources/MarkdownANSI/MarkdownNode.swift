/// Horizontal alignment of a table column.
enum ColumnAlignment: Sendable, Hashable {
    case none, left, center, right
}

