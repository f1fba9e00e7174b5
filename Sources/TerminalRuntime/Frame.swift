import Foundation
import MarkdownANSI

/// One screen's worth of content, independent of curses: regions of styled lines and a cursor.
///
/// A program builds it from its model; a ``TerminalBackend`` draws it. Tests read it as text.
package struct Frame: Equatable, Sendable {
    /// A band of rows drawn into one curses window.
    package struct Region: Equatable, Sendable {
        /// Window name (status, transcript, typing, separator, composer, message).
        var name: String
        package var top: Int
        var height: Int
        var lines: [StyledLine]
        /// Style of the blank cells not covered by lines.
        var fill: TextStyle

        /// Creates a region.
        package init(name: String, top: Int, height: Int, lines: [StyledLine], fill: TextStyle) {
            (self.name, self.top, self.height, self.lines, self.fill) = (name, top, height, lines, fill)
        }
    }

    package var size: TerminalSize
    package var regions: [Region]
    /// The terminal cursor (row, column) on screen, or nil to hide it.
    package var cursor: (row: Int, column: Int)?

    /// Creates a frame.
    package init(size: TerminalSize, regions: [Region], cursor: (row: Int, column: Int)?) {
        (self.size, self.regions, self.cursor) = (size, regions, cursor)
    }

    /// The frame as plain text, one string per screen row (for tests).
    package var textRows: [String] {
        var rows = Array(repeating: "", count: size.rows)
        for region in regions {
            for (i, line) in region.lines.enumerated() where region.top + i < size.rows && region.top + i >= 0 {
                rows[region.top + i] = line.plainText
            }
        }
        return rows
    }

    package static func == (a: Frame, b: Frame) -> Bool {
        a.size == b.size && a.regions == b.regions && a.cursor?.row == b.cursor?.row && a.cursor?.column == b.cursor?.column
    }
}
