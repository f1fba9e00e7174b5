/// A terminal size in cells.
package struct TerminalSize: Equatable, Sendable {
    package var rows: Int
    package var columns: Int

    /// Creates a size.
    package init(rows: Int, columns: Int) { (self.rows, self.columns) = (rows, columns) }

    /// The smallest size the full layout supports.
    package static let minimum = TerminalSize(rows: 12, columns: 40)

    /// True when the layout fits.
    package var isUsable: Bool { rows >= Self.minimum.rows && columns >= Self.minimum.columns }
}
