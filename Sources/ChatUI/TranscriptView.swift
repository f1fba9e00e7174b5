import ChatModel
import Foundation
import MarkdownANSI

/// Where the transcript is scrolled to.
enum ScrollPosition: Equatable, Sendable {
    /// Following the newest line.
    case bottom
    /// The top visible line is line `line` of the display row with key `key`.
    case anchor(key: String, line: Int)
}

/// One row of the displayed transcript before layout (kept packed: four bytes a row).
enum DisplayRow: PackedRow {
    /// A date separator, for the day of the entry at this position in the store (the first of that day).
    case date(entry: Int)
    /// The "new messages" divider.
    case unread
    /// A transcript entry, by position in the store; `continued` when it is shown without a
    /// header (the same sender as the message just above).
    case entry(Int, continued: Bool)

    /// Entries as 2 × position (+ 1 when continued), the divider as -1, dates as -2 - position.
    init(packed: Int32) {
        let value = Int(packed)
        if value >= 0 {
            self = .entry(value / 2, continued: value % 2 == 1)
        } else if value == -1 {
            self = .unread
        } else {
            self = .date(entry: -2 - value)
        }
    }

    /// See ``init(packed:)``.
    var packed: Int32 {
        switch self {
        case .entry(let position, let continued): packedIndex(position * 2 + (continued ? 1 : 0))
        case .unread: -1
        case .date(let position): packedIndex(-2 - position)
        }
    }
}

/// What the transcript pane shows for one frame.
struct TranscriptViewport: Equatable, Sendable {
    /// The lines, top to bottom (at most the pane height).
    var lines: [StyledLine]
    /// Lines below the last visible one.
    var linesBelow: Int
    /// True when the first line of the transcript is visible.
    var atTop: Bool
    /// True when there are more lines below than were counted (shown as "N+").
    var belowIsCapped = false
}

/// Lays out the transcript: display rows, cached per row and width, and the visible window.
///
/// Only rows that are needed are laid out (from the anchor, or backwards from the end);
/// counting lines below the view touches only rows below it.
package final class TranscriptView {
    package let formatter: TranscriptFormatter
    package let cache = LayoutCache()
    private(set) var rows = PackedRows<DisplayRow>()
    /// The row an anchor's key was last found at (rows only grow at the end between rebuilds, so
    /// it stays right until the next rebuild): no per-row index of keys is kept.
    private var lastFound: (key: String, row: Int)?
    /// The store's stamp and the unread divider's place the rows were last made for.
    private var built: (stamp: TranscriptStore.Stamp, unreadKey: String?)?
    private var builtCount = 0
    private var builtLastKey: String?
    private var lastDay: Int?
    private var lastItem: ChatItem?
    /// The last viewport and what it was made from: a key that changes only the composer
    /// draws the same transcript again without walking the layout cache.
    private var lastViewport: (key: ViewportKey, viewport: TranscriptViewport)?
    /// The status bar's `HH:MM` for the minute (since 1970) it was made for.
    private var lastClock: (minute: Int, text: String)?
    /// The last status bar, reused while its inputs are unchanged.
    let statusLine = StatusLineCache()

    /// Everything a viewport is made from (the store's rows and the divider, position, pane size).
    private struct ViewportKey: Equatable {
        var stamp: TranscriptStore.Stamp
        var unreadKey: String?
        var position: ScrollPosition
        var width: Int
        var height: Int
    }
    /// Messages from one sender closer together than this share one header.
    static let groupingInterval: TimeInterval = 120
    /// Most lines counted below the view; beyond it the pane says "N+ more below".
    static let belowCountLimit = 500

    /// Creates a view that lays rows out with `formatter`.
    init(formatter: TranscriptFormatter) {
        self.formatter = formatter
    }

    // MARK: Display rows

    /// Brings the display rows up to date with the store (its ``TranscriptStore/Stamp``) and the
    /// unread divider: appends rows for entries added at the end, or rebuilds after anything else.
    func prepare(_ store: TranscriptStore, unreadKey: String?) {
        let stamp = store.stamp
        if let built, built.stamp == stamp, built.unreadKey == unreadKey { return }
        let previous = built
        built = (stamp, unreadKey)
        let entries = store.entries
        let grewAtEnd = previous.map { $0.unreadKey == unreadKey && $0.stamp.arrangement == stamp.arrangement } == true
            && builtCount > 0 && entries.count >= builtCount && entries[builtCount - 1].key == builtLastKey
        if !grewAtEnd {
            rows = PackedRows()
            lastFound = nil
            lastDay = nil
            lastItem = nil
            builtCount = 0
        }
        for i in builtCount..<entries.count {
            let entry = entries[i]
            if !entry.isNotice {
                let day = formatter.dayNumber(entry.item.time)
                if day != lastDay {
                    rows.append(.date(entry: i))
                    lastDay = day
                    lastItem = nil
                }
            }
            if entry.key == unreadKey {
                rows.append(.unread)
                lastItem = nil
            }
            let continued = !entry.isNotice && Self.continues(entry.item, after: lastItem)
            lastItem = entry.isNotice ? nil : entry.item
            rows.append(.entry(i, continued: continued))
        }
        builtCount = entries.count
        builtLastKey = entries.last?.key
    }

    /// `HH:MM` for the status bar, made once a minute.
    func clock(_ now: Date) -> String {
        let minute = Int((now.timeIntervalSince1970 / 60).rounded(.down))
        if let lastClock, lastClock.minute == minute { return lastClock.text }
        let text = formatter.clock(now)
        lastClock = (minute, text)
        return text
    }

    /// True when `item` follows `previous` from the same other sender within the grouping
    /// interval, so it is shown without its own header (own messages always keep theirs).
    static func continues(_ item: ChatItem, after previous: ChatItem?) -> Bool {
        guard let previous, case .message = item.kind, case .message = previous.kind,
            !item.isOwn, !previous.isOwn
        else { return false }
        let sameSender = item.sender.id.map { $0 == previous.sender.id }
            ?? (item.sender.name == previous.sender.name && item.sender.role == previous.sender.role)
        let gap = item.time.timeIntervalSince(previous.time)
        return sameSender && gap >= 0 && gap < groupingInterval
    }

    /// The key of the date separator of `day` (days since 1970 in the formatter's time zone).
    static func dateKey(_ day: Int) -> String { "d:\(day)" }

    /// The key of a display row.
    func key(of row: Int, in store: TranscriptStore) -> String {
        switch rows[row] {
        case .date(let i): Self.dateKey(formatter.dayNumber(store.entries[i].item.time))
        case .unread: "u"
        case .entry(let i, _): store.key(at: i)
        }
    }

    /// The lines of one display row at a width (cached).
    func lines(ofRow row: Int, in store: TranscriptStore, width: Int) -> [StyledLine] {
        let lines = layout(row: row, store: store, width: width)
        return lines.isEmpty ? [StyledLine()] : lines
    }

    private func layout(row: Int, store: TranscriptStore, width: Int) -> [StyledLine] {
        switch rows[row] {
        case .date(let i):
            let date = store.entries[i].item.time
            return cache.lines(key: key(of: row, in: store), width: width, revision: 0) { formatter.dateSeparator(date, width: width) }
        case .unread:
            return cache.lines(key: "u", width: width, revision: 0) { formatter.unreadDivider(width: width) }
        case .entry(let i, let isContinued):
            let entry = store.entries[i]
            return cache.lines(key: isContinued ? entry.key + "~" : entry.key, width: width, revision: entry.revision) {
                formatter.lines(for: entry, width: width, continued: isContinued)
            }
        }
    }

    private func lineCount(ofRow row: Int, in store: TranscriptStore, width: Int) -> Int {
        max(1, lines(ofRow: row, in: store, width: width).count)
    }

    // MARK: Positions

    /// The top line (row, line) for a scroll position; nil for `.bottom` or an unknown anchor.
    private func resolve(_ position: ScrollPosition, store: TranscriptStore, width: Int) -> (row: Int, line: Int)? {
        guard case .anchor(let key, let line) = position, let row = row(forKey: key, in: store) else { return nil }
        return (row, max(0, min(line, lineCount(ofRow: row, in: store, width: width) - 1)))
    }

    /// True when the row with `key` shows (at least partly) while the view follows the bottom.
    func isVisibleAtBottom(key: String, store: TranscriptStore, width: Int, height: Int) -> Bool {
        guard height > 0 else { return false }
        // The newest row always shows at the bottom: no layout needed (a burst asks this once per
        // message, and laying out the rows above each one was most of what the burst cost here).
        if let last = rows.indices.last, self.key(of: last, in: store) == key { return true }
        let top = bottomTop(store: store, width: width, height: height).row
        return (top..<rows.count).contains { self.key(of: $0, in: store) == key }
    }

    /// The row with `key`: where it was last found (if it still holds that key), else looked for
    /// from the newest row up.
    private func row(forKey key: String, in store: TranscriptStore) -> Int? {
        if let lastFound, lastFound.key == key, lastFound.row < rows.count, self.key(of: lastFound.row, in: store) == key {
            return lastFound.row
        }
        guard let row = rows.indices.reversed().first(where: { self.key(of: $0, in: store) == key }) else { return nil }
        lastFound = (key, row)
        return row
    }

    /// An anchor on `row`, remembered so that the next frame finds its row at once.
    private func anchor(row: Int, line: Int, store: TranscriptStore) -> ScrollPosition {
        let key = key(of: row, in: store)
        lastFound = (key, row)
        return .anchor(key: key, line: line)
    }

    /// The top line when following the bottom.
    private func bottomTop(store: TranscriptStore, width: Int, height: Int) -> (row: Int, line: Int) {
        var remaining = height
        var row = rows.count
        while row > 0 && remaining > 0 {
            row -= 1
            let count = lineCount(ofRow: row, in: store, width: width)
            if count >= remaining { return (row, count - remaining) }
            remaining -= count
        }
        return (0, 0)
    }

    /// Lines from (row, line) to the end, stopping once more than `limit` are counted.
    private func linesFrom(_ top: (row: Int, line: Int), store: TranscriptStore, width: Int, limit: Int) -> Int {
        guard top.row < rows.count else { return 0 }
        var total = lineCount(ofRow: top.row, in: store, width: width) - top.line
        var row = top.row + 1
        while row < rows.count && total <= limit {
            total += lineCount(ofRow: row, in: store, width: width)
            row += 1
        }
        return total
    }

    /// Moves a scroll position by `delta` lines (negative is up); returns the new position and
    /// whether the very top was reached.
    func scroll(
        _ position: ScrollPosition, by delta: Int, store: TranscriptStore, width: Int, height: Int
    ) -> (position: ScrollPosition, reachedTop: Bool) {
        guard !rows.isEmpty else { return (.bottom, delta < 0) }
        var top = resolve(position, store: store, width: width) ?? bottomTop(store: store, width: width, height: height)
        if delta < 0 {
            var remaining = -delta
            while remaining > 0 {
                if top.line >= remaining {
                    top.line -= remaining
                    remaining = 0
                } else if top.row > 0 {
                    remaining -= top.line + 1
                    top.row -= 1
                    top.line = lineCount(ofRow: top.row, in: store, width: width) - 1
                } else {
                    top.line = 0
                    remaining = 0
                }
            }
        } else {
            var remaining = delta
            while remaining > 0 {
                let count = lineCount(ofRow: top.row, in: store, width: width)
                if top.line + remaining < count {
                    top.line += remaining
                    remaining = 0
                } else if top.row + 1 < rows.count {
                    remaining -= count - top.line
                    top.row += 1
                    top.line = 0
                } else {
                    remaining = 0
                }
            }
        }
        let reachedTop = top.row == 0 && top.line == 0
        if linesFrom(top, store: store, width: width, limit: height) <= height {
            return (.bottom, reachedTop)
        }
        return (anchor(row: top.row, line: top.line, store: store), reachedTop)
    }

    /// Re-expresses a position after a resize or an edit so that it is valid (an unknown anchor
    /// or one that now fits above the bottom becomes `.bottom`).
    func normalise(_ position: ScrollPosition, store: TranscriptStore, width: Int, height: Int) -> ScrollPosition {
        guard let top = resolve(position, store: store, width: width) else { return .bottom }
        if linesFrom(top, store: store, width: width, limit: height) <= height { return .bottom }
        return anchor(row: top.row, line: top.line, store: store)
    }

    /// The store position of the entry drawn on a line of the pane (0 is the top), if any.
    func entry(atLine target: Int, _ position: ScrollPosition, store: TranscriptStore, width: Int, height: Int) -> Int? {
        hit(atLine: target, position, store: store, width: width, height: height)?.entry
    }

    /// The entry drawn on a line of the pane (0 is the top) and that line as laid out, if any.
    func hit(
        atLine target: Int, _ position: ScrollPosition, store: TranscriptStore, width: Int, height: Int
    ) -> (entry: Int, line: StyledLine)? {
        guard !rows.isEmpty, target >= 0, target < height else { return nil }
        var top = resolve(position, store: store, width: width) ?? bottomTop(store: store, width: width, height: height)
        if linesFrom(top, store: store, width: width, limit: height) < height {
            top = bottomTop(store: store, width: width, height: height)
        }
        var line = -top.line
        var row = top.row
        while row < rows.count && line <= target {
            let rowLines = lines(ofRow: row, in: store, width: width)
            line += max(1, rowLines.count)
            if line > target, case .entry(let i, _) = rows[row] {
                let within = target - (line - max(1, rowLines.count))
                return (i, rowLines.indices.contains(within) ? rowLines[within] : StyledLine())
            }
            row += 1
        }
        return nil
    }

    /// The visible window for a position.
    func viewport(_ position: ScrollPosition, store: TranscriptStore, width: Int, height: Int) -> TranscriptViewport {
        guard !rows.isEmpty, height > 0 else {
            return TranscriptViewport(lines: [], linesBelow: 0, atTop: true)
        }
        let key = ViewportKey(
            stamp: store.stamp, unreadKey: built?.unreadKey, position: position,
            width: width, height: height)
        if let lastViewport, lastViewport.key == key { return lastViewport.viewport }
        let viewport = makeViewport(position, store: store, width: width, height: height)
        lastViewport = (key, viewport)
        return viewport
    }

    private func makeViewport(_ position: ScrollPosition, store: TranscriptStore, width: Int, height: Int) -> TranscriptViewport {
        var top = resolve(position, store: store, width: width) ?? bottomTop(store: store, width: width, height: height)
        if linesFrom(top, store: store, width: width, limit: height) < height {
            top = bottomTop(store: store, width: width, height: height)
        }
        var out: [StyledLine] = []
        var row = top.row
        var skip = top.line
        while row < rows.count && out.count < height {
            for line in lines(ofRow: row, in: store, width: width).dropFirst(skip) where out.count < height {
                out.append(line)
            }
            skip = 0
            row += 1
        }
        let limit = height + Self.belowCountLimit
        let total = linesFrom(top, store: store, width: width, limit: limit)
        return TranscriptViewport(
            lines: out, linesBelow: max(0, min(total, limit + 1) - out.count), atTop: top.row == 0 && top.line == 0,
            belowIsCapped: total > limit)
    }
}
