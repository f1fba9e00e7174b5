import CNcursesw
import MarkdownANSI

/// Draws a ``Frame`` with curses: one window per region, `wnoutrefresh` each, one `doupdate()`.
///
/// - Important: ``TerminalActor`` only; curses is single-threaded.
@TerminalActor
package final class CursesPainter {
    private struct Placed {
        var window: UnsafeMutablePointer<WINDOW>
        var top: Int
        var height: Int
        var width: Int
    }

    /// A window and what it holds now; a region drawn the same again is skipped (a key that
    /// only changes the composer rewrites the composer, not the transcript's 2,000+ cells).
    private struct Slot {
        var name: String
        var placed: Placed
        var drawn: Frame.Region?
    }

    /// The windows, looked up by name (a handful: a linear scan costs less than hashing).
    private var slots: [Slot] = []
    private var pairs: [Int64: Int32] = [:]
    private let colors: ColorMapper
    /// Frames drawn so far.
    package private(set) var framesDrawn = 0
    /// Where the last frame left the cursor in the composer (screen row, column), if it shows it.
    private var composerCursor: (row: Int, column: Int)?
    /// Where an echo ahead of the frame goes at that cursor, made ready when the row was drawn.
    private var readyEcho: ReadyEcho?

    /// The characters of an echo, kept so that drawing one allocates nothing.
    private var echoCharacters: [wchar_t] = []

    /// An ``EchoSite`` with the composer's slot and the curses attributes an echo is drawn in.
    /// Made again when a frame changes the composer's row or moves the cursor; gone when a window
    /// is deleted or moved (the slot's index may then change).
    private struct ReadyEcho {
        var site: EchoSite
        let slot: Int
        var style: (attr: attr_t, pair: Int32)
        let plain: (attr: attr_t, pair: Int32)
        let fill: (attr: attr_t, pair: Int32)
    }

    /// Creates a painter for a colour depth.
    package init(colorMode: ColorMode) {
        colors = ColorMapper(mode: colorMode)
    }

    /// Draws the frame and updates the physical screen once.
    ///
    /// No closures here or in the helpers it calls on this actor: Swift 6 checks the executor at
    /// the start of every actor-isolated closure, and on this thread (which calls the loop's turn
    /// outside any job) each check takes the slow path — a fifth of a key's painting.
    package func paint(_ frame: Frame) {
        var index = slots.count - 1
        while index >= 0 {
            var kept = false
            for region in frame.regions where region.name == slots[index].name { kept = true }
            if !kept {
                delwin(slots[index].placed.window)
                slots.remove(at: index)
                readyEcho = nil
            }
            index -= 1
        }
        var composer: (window: UnsafeMutablePointer<WINDOW>, top: Int)?
        var redrew = false
        for region in frame.regions where region.height > 0 {
            guard let index = slot(for: region, width: frame.size.columns) else { continue }
            let window = slots[index].placed.window
            let unchanged = slots[index].drawn == region
            if !unchanged {
                draw(region, over: slots[index].drawn, into: window, width: frame.size.columns)
                slots[index].drawn = region
                redrew = true
            }
            if region.name == "composer" {
                composer = (window, region.top)
                if !unchanged { readyEcho = nil }
            } else if !unchanged {
                wnoutrefresh(window)
            }
        }
        if !redrew, let cursor = frame.cursor, let shown = composerCursor, cursor == shown {
            // Nothing to change, the cursor where it is: most often a key whose echo is on the
            // screen already. The update would only compare every line again.
            return
        }
        let shownCursor = composerCursor
        composerCursor = nil
        if let composer, let cursor = frame.cursor {
            curs_set(1)
            wmove(composer.window, Int32(cursor.row - composer.top), Int32(cursor.column))
            wnoutrefresh(composer.window)
            composerCursor = cursor
            // Made again only when the composer's row or the cursor moved (not for every frame
            // of a streamed reply).
            var moved = true
            if let shown = shownCursor, shown == cursor { moved = false }
            if readyEcho == nil || moved { readyEcho = echo(at: cursor) }
        } else {
            readyEcho = nil
            if let composer { wnoutrefresh(composer.window) }
            curs_set(0)
        }
        doupdate()
        framesDrawn += 1
    }

    /// Draws typed printable ASCII at the composer's cursor at once, ahead of the key's frame (see
    /// ``EchoAhead``): after the row's text, in the style of its last span; or, replacing what the
    /// row shows from the cursor on (the empty composer's placeholder), in the plain style, the rest
    /// of the row cleared. Only where the characters fit the row (else the frame draws them). The
    /// composer counts as drawn with the row so changed: the key's frame, when it shows just that,
    /// draws nothing (and when it shows more, redraws the row). Says whether it drew them.
    ///
    /// Everything it needs was made ready when the row was drawn (``EchoSite``): nothing is
    /// measured or looked up before the characters are out, and the row's record is brought up to
    /// date after.
    package func echoAhead(_ echo: Echo) -> Bool {
        guard var ready = readyEcho, let cursor = composerCursor,
              ready.site.allows(echo, width: slots[ready.slot].placed.width)
        else { return false }
        let window = slots[ready.slot].placed.window
        let row = ready.site.row
        let style = echo.replacesRest ? ready.plain : ready.style
        cnc_wattr_set(window, style.attr, style.pair)
        let count = echo.text.utf8.count
        for byte in echo.text.utf8 { echoCharacters.append(wchar_t(byte)) }
        Self.put(&echoCharacters, into: window, row: row, column: cursor.column)
        if echo.replacesRest {
            cnc_wattr_set(window, ready.fill.attr, ready.fill.pair)
            wclrtoeol(window)
        }
        wmove(window, Int32(row), Int32(cursor.column + count))
        wnoutrefresh(window)
        doupdate()
        // The echo is out; now the record of what the row shows.
        if var region = slots[ready.slot].drawn {
            slots[ready.slot].drawn = nil
            ready.site.draw(echo, over: &region.lines[row].spans)
            slots[ready.slot].drawn = region
        }
        ready.style = style
        readyEcho = ready
        composerCursor = (cursor.row, cursor.column + count)
        return true
    }

    /// The echo site at `cursor` in the composer as drawn now, with its attributes; nil when the
    /// composer shows no row there.
    private func echo(at cursor: (row: Int, column: Int)) -> ReadyEcho? {
        guard let slot = slotIndex(named: "composer"), let region = slots[slot].drawn else { return nil }
        let row = cursor.row - region.top
        guard row >= 0, row < region.lines.count else { return nil }
        let site = EchoSite(line: region.lines[row], row: row, column: cursor.column)
        return ReadyEcho(
            site: site, slot: slot, style: attributes(site.style), plain: attributes(.plain), fill: attributes(region.fill))
    }

    /// Forgets the screen so the next frame repaints every cell (Ctrl-L, after a resize).
    package func invalidate() {
        readyEcho = nil
        clearok(cnc_stdscr(), true)
        wrefresh(cnc_stdscr())
        for index in slots.indices {
            touchwin(slots[index].placed.window)
            slots[index].drawn = nil
        }
    }

    /// Deletes every window (before `endwin`).
    func tearDown() {
        readyEcho = nil
        for slot in slots { delwin(slot.placed.window) }
        slots = []
    }

    /// The index of the region's slot, with a window of the region's place and width (made anew
    /// when it moved or the width changed).
    private func slot(for region: Frame.Region, width: Int) -> Int? {
        if let index = slotIndex(named: region.name) {
            let placed = slots[index].placed
            if placed.top == region.top, placed.height == region.height, placed.width == width { return index }
            delwin(placed.window)
            slots.remove(at: index)
            readyEcho = nil
        }
        guard let window = newwin(Int32(region.height), Int32(width), Int32(region.top), 0) else { return nil }
        slots.append(Slot(name: region.name, placed: Placed(window: window, top: region.top, height: region.height, width: width)))
        return slots.count - 1
    }

    /// The index of the slot of the window named `name`, if there is one.
    private func slotIndex(named name: String) -> Int? {
        for index in slots.indices where slots[index].name == name { return index }
        return nil
    }

    /// Draws `region` into its window. Over `previous` (what the window shows, in the same fill),
    /// only the rows that differ are cleared and drawn again: a streamed reply's next word changes
    /// one row of the transcript, not the 2,000+ cells curses would otherwise compare and write.
    private func draw(_ region: Frame.Region, over previous: Frame.Region?, into window: UnsafeMutablePointer<WINDOW>, width: Int) {
        let fill = attributes(region.fill)
        cnc_wbkgrndset(window, fill.attr, fill.pair)
        let shown = previous?.fill == region.fill ? previous : nil
        if shown == nil { werase(window) }
        // Runs of one-column, one-scalar characters go out in one call; any other character is
        // placed at the column our layout gave it (curses may count its width differently).
        var run: [wchar_t] = []
        var single: [wchar_t] = []
        for row in 0..<region.height {
            let line = row < region.lines.count ? region.lines[row] : nil
            if let shown {
                let before = row < shown.lines.count ? shown.lines[row] : nil
                if before == line { continue }
                cnc_wattr_set(window, fill.attr, fill.pair)
                wmove(window, Int32(row), 0)
                wclrtoeol(window)
            }
            if let line { draw(line, row: row, into: window, width: width, run: &run, single: &single) }
        }
        cnc_wattr_set(window, fill.attr, fill.pair)
    }

    /// Draws one line at `row` (`run` and `single` are scratch buffers, left empty).
    private func draw(
        _ line: StyledLine, row: Int, into window: UnsafeMutablePointer<WINDOW>, width: Int,
        run: inout [wchar_t], single: inout [wchar_t]
    ) {
        var x = 0
        var runStart = 0
        for span in line.spans {
            let a = attributes(span.style)
            cnc_wattr_set(window, a.attr, a.pair)
            if ByteScan.isPrintableASCII(span.text) {
                // One column per byte: no grapheme breaking or width lookup.
                if run.isEmpty { runStart = x }
                for byte in span.text.utf8 {
                    if x + 1 > width { break }
                    run.append(wchar_t(byte))
                    x += 1
                }
                Self.put(&run, into: window, row: row, column: runStart)
                continue
            }
            for character in span.text {
                let w = TerminalWidth.of(character)
                if w == 0 { continue }
                if x + w > width { break }
                let scalars = character.unicodeScalars
                if w == 1 && scalars.count == 1, let scalar = scalars.first {
                    if run.isEmpty { runStart = x }
                    run.append(wchar_t(bitPattern: scalar.value))
                } else {
                    Self.put(&run, into: window, row: row, column: runStart)
                    for scalar in scalars { single.append(wchar_t(bitPattern: scalar.value)) }
                    Self.put(&single, into: window, row: row, column: x)
                }
                x += w
            }
            // The attributes change with the next span: draw this one's run first.
            Self.put(&run, into: window, row: row, column: runStart)
        }
    }

    /// Writes `text` (if any) at a row and column of `window` and empties it.
    private nonisolated static func put(_ text: inout [wchar_t], into window: UnsafeMutablePointer<WINDOW>, row: Int, column: Int) {
        guard !text.isEmpty else { return }
        let count = Int32(text.count)
        text.withUnsafeBufferPointer { buffer in _ = mvwaddnwstr(window, Int32(row), Int32(column), buffer.baseAddress, count) }
        text.removeAll(keepingCapacity: true)
    }

    private func attributes(_ style: TextStyle) -> (attr: attr_t, pair: Int32) {
        var attr = cnc_a_normal()
        if style.bold { attr |= cnc_a_bold() }
        if style.dim { attr |= cnc_a_dim() }
        if style.italic { attr |= cnc_a_italic() }
        if style.underline || style.link != nil { attr |= cnc_a_underline() }
        if style.inverse { attr |= cnc_a_reverse() }
        let fg = colors.curses(style.foreground)
        let bg = colors.curses(style.background)
        return (attr, pair(fg, bg))
    }

    private func pair(_ fg: Int32, _ bg: Int32) -> Int32 {
        if fg == -1 && bg == -1 { return 0 }
        let key = Int64(fg) << 32 | Int64(UInt32(bitPattern: bg))
        if let known = pairs[key] { return known }
        let made = alloc_pair(fg, bg)
        let result = made > 0 ? made : 0
        pairs[key] = result
        return result
    }
}
