import MarkdownANSI

/// The composer's draft laid out in visual rows for a width, with the cursor's row and column.
struct ComposerLayout: Equatable, Sendable {
    /// One visual row: the characters it shows.
    struct Row: Equatable, Sendable {
        /// Index of the first character in the draft.
        var start: Int
        /// The characters shown on this row (no newline).
        var text: String
    }

    /// All visual rows (at least one).
    var rows: [Row]
    /// The visual row holding the cursor.
    var cursorRow: Int
    /// The cursor's column within its row (terminal cells).
    var cursorColumn: Int

    /// Most rows the composer grows to before it scrolls.
    static let maxVisibleRows = 5

    /// Wraps the draft by character (never inside a grapheme cluster) so that every row, plus a
    /// cell for the cursor, fits in `width` columns.
    init(_ composer: ComposerState, width: Int) {
        let limit = max(1, width - 1)
        let chars = composer.chars
        var rows: [Row] = []
        var cursorRow = 0
        var cursorColumn = 0
        var rowStart = 0
        var rowText = ""
        var rowWidth = 0
        var index = 0
        func place() {
            if index == composer.cursor {
                cursorRow = rows.count
                cursorColumn = rowWidth
            }
        }
        while index < chars.count {
            let c = chars[index]
            if c == "\n" {
                place()
                rows.append(Row(start: rowStart, text: rowText))
                rowStart = index + 1
                rowText = ""
                rowWidth = 0
                index += 1
                continue
            }
            let w = TerminalWidth.of(c)
            if rowWidth + w > limit && rowWidth > 0 {
                rows.append(Row(start: rowStart, text: rowText))
                rowStart = index
                rowText = ""
                rowWidth = 0
            }
            place()
            rowText.append(c)
            rowWidth += w
            index += 1
        }
        place()
        rows.append(Row(start: rowStart, text: rowText))
        self.rows = rows
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
    }

    /// How many rows the composer takes on screen (1…``maxVisibleRows``).
    var visibleRowCount: Int { min(rows.count, Self.maxVisibleRows) }

    /// The first row shown so that the cursor row stays visible.
    var firstVisibleRow: Int {
        max(0, min(cursorRow - Self.maxVisibleRows + 1, rows.count - visibleRowCount))
    }

    /// The draft index for a column on a row (used by Up/Down inside a multi-line draft).
    func index(row: Int, column: Int) -> Int {
        let r = rows[max(0, min(row, rows.count - 1))]
        var col = 0
        var i = r.start
        for c in r.text {
            let w = TerminalWidth.of(c)
            if col + w > column { break }
            col += w
            i += 1
        }
        return i
    }
}
