import CNcursesw
import MarkdownANSI

/// Draws a ``Frame`` with curses: one window per region, `wnoutrefresh` each, one `doupdate()`.
///
/// - Important: ``TerminalActor`` only; curses is single-threaded.
@TerminalActor
final class CursesPainter {
    private struct Placed {
        var window: UnsafeMutablePointer<WINDOW>
        var top: Int
        var height: Int
        var width: Int
    }

    private var windows: [String: Placed] = [:]
    /// What each window holds now; a region drawn the same again is skipped (a key that only
    /// changes the composer rewrites the composer, not the transcript's 2,000+ cells).
    private var drawn: [String: Frame.Region] = [:]
    private var pairs: [Int64: Int32] = [:]
    private let colors: ColorMapper
    /// Frames drawn so far.
    private(set) var framesDrawn = 0

    /// Creates a painter for a colour depth.
    init(colorMode: ColorMode) {
        colors = ColorMapper(mode: colorMode)
    }

    /// Draws the frame and updates the physical screen once.
    func paint(_ frame: Frame) {
        let names = Set(frame.regions.map(\.name))
        for (name, placed) in windows where !names.contains(name) {
            delwin(placed.window)
            windows[name] = nil
            drawn[name] = nil
        }
        var composer: UnsafeMutablePointer<WINDOW>?
        for region in frame.regions where region.height > 0 {
            guard let window = window(for: region, width: frame.size.columns) else { continue }
            let unchanged = drawn[region.name] == region
            if !unchanged {
                draw(region, into: window, width: frame.size.columns)
                drawn[region.name] = region
            }
            if region.name == "composer" {
                composer = window
            } else if !unchanged {
                wnoutrefresh(window)
            }
        }
        if let composer, let cursor = frame.cursor, let placed = windows["composer"] {
            curs_set(1)
            wmove(composer, Int32(cursor.row - placed.top), Int32(cursor.column))
            wnoutrefresh(composer)
        } else {
            if let composer { wnoutrefresh(composer) }
            curs_set(0)
        }
        doupdate()
        framesDrawn += 1
    }

    /// Forgets the screen so the next frame repaints every cell (Ctrl-L, after a resize).
    func invalidate() {
        clearok(cnc_stdscr(), true)
        wrefresh(cnc_stdscr())
        for placed in windows.values { touchwin(placed.window) }
        drawn = [:]
    }

    /// Deletes every window (before `endwin`).
    func tearDown() {
        for placed in windows.values { delwin(placed.window) }
        windows = [:]
        drawn = [:]
    }

    private func window(for region: Frame.Region, width: Int) -> UnsafeMutablePointer<WINDOW>? {
        if let placed = windows[region.name], placed.top == region.top, placed.height == region.height, placed.width == width {
            return placed.window
        }
        if let old = windows[region.name] { delwin(old.window) }
        drawn[region.name] = nil
        guard let window = newwin(Int32(region.height), Int32(width), Int32(region.top), 0) else {
            windows[region.name] = nil
            return nil
        }
        windows[region.name] = Placed(window: window, top: region.top, height: region.height, width: width)
        return window
    }

    private func draw(_ region: Frame.Region, into window: UnsafeMutablePointer<WINDOW>, width: Int) {
        let fill = attributes(region.fill)
        cnc_wbkgrndset(window, fill.attr, fill.pair)
        werase(window)
        // Runs of one-column, one-scalar characters go out in one call; any other character is
        // placed at the column our layout gave it (curses may count its width differently).
        var run: [wchar_t] = []
        var single: [wchar_t] = []
        for (row, line) in region.lines.prefix(region.height).enumerated() {
            var x = 0
            var runStart = 0
            for span in line.spans {
                let a = attributes(span.style)
                cnc_wattr_set(window, a.attr, a.pair)
                for character in span.text {
                    let w = TerminalWidth.of(character)
                    if w == 0 { continue }
                    if x + w > width { break }
                    let scalars = character.unicodeScalars
                    if w == 1 && scalars.count == 1, let scalar = scalars.first {
                        if run.isEmpty { runStart = x }
                        run.append(wchar_t(bitPattern: scalar.value))
                    } else {
                        put(&run, into: window, row: row, column: runStart)
                        for scalar in scalars { single.append(wchar_t(bitPattern: scalar.value)) }
                        put(&single, into: window, row: row, column: x)
                    }
                    x += w
                }
                // The attributes change with the next span: draw this one's run first.
                put(&run, into: window, row: row, column: runStart)
            }
        }
        cnc_wattr_set(window, fill.attr, fill.pair)
    }

    /// Writes `text` (if any) at a row and column of `window` and empties it.
    private func put(_ text: inout [wchar_t], into window: UnsafeMutablePointer<WINDOW>, row: Int, column: Int) {
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
