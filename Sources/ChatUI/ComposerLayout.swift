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
        let limit = Self.rowLimit(width: width)
        self = Self.printableASCII(composer, limit: limit) ?? Self.wrapped(composer, limit: limit)
    }

    /// Most characters a row holds in `width` columns (a cell stays free for the cursor).
    static func rowLimit(width: Int) -> Int { max(1, width - 1) }

    private init(rows: [Row], cursorRow: Int, cursorColumn: Int) {
        self.rows = rows
        self.cursorRow = cursorRow
        self.cursorColumn = cursorColumn
    }

    /// Any draft, wrapped character by character into rows of at most `limit` columns.
    static func wrapped(_ composer: ComposerState, limit: Int) -> ComposerLayout {
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
        return ComposerLayout(rows: rows, cursorRow: cursorRow, cursorColumn: cursorColumn)
    }

    /// The layout of a draft of printable ASCII only (one column per character, no newline),
    /// worked out from its length: the rows are runs of `limit` characters. Nil for any other
    /// draft. Equal to what the general wrapping gives (a test compares them).
    private static func printableASCII(_ composer: ComposerState, limit: Int) -> ComposerLayout? {
        let text = composer.text
        let count = composer.chars.count
        guard count > 0, text.utf8.count == count, ByteScan.isPrintableASCII(text) else { return nil }
        let bytes = Array(text.utf8)
        var rows: [Row] = []
        var start = 0
        while start < count {
            let end = min(start + limit, count)
            rows.append(Row(start: start, text: String(decoding: bytes[start..<end], as: UTF8.self)))
            start = end
        }
        let cursor = composer.cursor
        // At the very end of a full row the cursor stays on that row, in the cell after it.
        if cursor == count && count % limit == 0 {
            return ComposerLayout(rows: rows, cursorRow: rows.count - 1, cursorColumn: limit)
        }
        return ComposerLayout(rows: rows, cursorRow: cursor / limit, cursorColumn: cursor % limit)
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
