import MarkdownANSI

/// Where the composer's next echo ahead of its frame goes, and what the row is once it is drawn:
/// worked out when the row is drawn, so that a key's echo measures nothing (no grapheme widths,
/// no span walk) before it is out.
///
/// The painter keeps one for the cursor's row after each frame that shows the composer's cursor,
/// and advances it after each echo; the row's spans it predicts are what the key's frame shows, so
/// that frame then draws nothing.
struct EchoSite: Equatable {
    /// The cursor's row inside the composer's window.
    let row: Int
    /// The cursor's column.
    private(set) var column: Int
    /// The row's text ends exactly at the cursor (and has a span): an echo extends the last span.
    private(set) var endsAtCursor: Bool
    /// How many of the row's spans end exactly at the cursor, taken from the start while they end
    /// before it (nil when a span straddles it): an echo replacing the rest of the row (an empty
    /// composer's placeholder) keeps these and adds itself in the plain style.
    private(set) var spansBeforeCursor: Int?
    /// The style an echo that extends the row is drawn in: its last span's.
    private(set) var style: TextStyle

    /// The site of a cursor at `column` on `line`, drawn at `row` of the composer's window.
    init(line: StyledLine, row: Int, column: Int) {
        self.row = row
        self.column = column
        var total = 0
        var kept = 0
        var keptWidth = 0
        for span in line.spans {
            let width = TerminalWidth.of(span.text)
            if total < column {
                kept += 1
                keptWidth = total + width
            }
            total += width
        }
        spansBeforeCursor = keptWidth == column ? kept : nil
        endsAtCursor = total == column && !line.spans.isEmpty
        style = line.spans.last?.style ?? .plain
    }

    /// True when `echo` may be drawn here in a window `width` columns wide: it fits before the
    /// last column, and the row ends at the cursor (or, replacing the rest, spans end exactly there).
    func allows(_ echo: Echo, width: Int) -> Bool {
        guard column + echo.text.utf8.count < width else { return false }
        return echo.replacesRest ? spansBeforeCursor != nil : endsAtCursor
    }

    /// The style `echo` is drawn in.
    func style(of echo: Echo) -> TextStyle {
        echo.replacesRest ? .plain : style
    }

    /// The row's spans once `echo` is drawn over `spans` (the row as drawn), which the site
    /// ``allows(_:width:)``; the site moves after it.
    ///
    /// After any echo the row ends at the new cursor and every span ends by it, so the site needs
    /// no widths measured again.
    mutating func draw(_ echo: Echo, over spans: inout [StyledSpan]) {
        precondition(echo.replacesRest ? spansBeforeCursor != nil : endsAtCursor, "an echo the site does not allow")
        if echo.replacesRest, let kept = spansBeforeCursor {
            spans.removeSubrange(kept...)
            spans.append(StyledSpan(echo.text))
            style = .plain
        } else {
            spans[spans.count - 1].text += echo.text
        }
        column += echo.text.utf8.count
        endsAtCursor = true
        spansBeforeCursor = spans.count
    }
}
