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

/// One row of the displayed transcript before layout.
enum DisplayRow: Equatable, Sendable {
    /// A date separator.
    case date(Date, key: String)
    /// The "new messages" divider.
    case unread
    /// A transcript entry, by position in the store.
    case entry(Int)
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
final class TranscriptView {
    let formatter: TranscriptFormatter
    let cache = LayoutCache()
    private(set) var rows: [DisplayRow] = []
    private var rowKeys: [String: Int] = [:]
    private var builtVersion = -1
    private var builtCount = 0
    private var builtLastKey: String?
    private var builtUnreadKey: String?
    private var lastDay: Int?
    private var lastItem: ChatItem?
    /// Entry positions shown without a header (same sender as the message just above).
    private var continued: Set<Int> = []
    /// The last viewport and what it was made from: a key that changes only the composer
    /// draws the same transcript again without walking the layout cache.
    private var lastViewport: (key: ViewportKey, viewport: TranscriptViewport)?
    /// The status bar's `HH:MM` for the minute (since 1970) it was made for.
    private var lastClock: (minute: Int, text: String)?
    /// The last status bar, reused while its inputs are unchanged.
    let statusLine = StatusLineCache()

    /// Everything a viewport is made from (rows, store contents, position, pane size).
    private struct ViewportKey: Equatable {
        var rowsVersion: Int
        var storeRevision: Int
        var storeCount: Int
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

    /// Brings the display rows up to date when the transcript changed (by `version`): appends
    /// rows for new entries at the end, or rebuilds after a prepend or an unread-divider move.
    func prepare(_ store: TranscriptStore, unreadKey: String?, version: Int) {
        guard version != builtVersion else { return }
        builtVersion = version
        let entries = store.entries
        let grewAtEnd = unreadKey == builtUnreadKey && builtCount > 0 && entries.count >= builtCount
            && entries[builtCount - 1].key == builtLastKey
        if !grewAtEnd {
            rows = []
            rowKeys = [:]
            continued = []
            lastDay = nil
            lastItem = nil
            builtCount = 0
        }
        for i in builtCount..<entries.count {
            let entry = entries[i]
            if !entry.isNotice {
                let day = formatter.dayNumber(entry.item.time)
                if day != lastDay {
                    let key = "d:\(day)"
                    rowKeys[key] = rows.count
                    rows.append(.date(entry.item.time, key: key))
                    lastDay = day
                    lastItem = nil
                }
            }
            if entry.key == unreadKey {
                rowKeys["u"] = rows.count
                rows.append(.unread)
                lastItem = nil
            }
            if !entry.isNotice, Self.continues(entry.item, after: lastItem) { continued.insert(i) }
            lastItem = entry.isNotice ? nil : entry.item
            rowKeys[entry.key] = rows.count
            rows.append(.entry(i))
        }
        builtCount = entries.count
        builtLastKey = entries.last?.key
        builtUnreadKey = unreadKey
    }

    /// Forgets the display rows, so the next `prepare` rebuilds them all (the transcript was replaced).
    func invalidateRows() {
        builtVersion = -1
        builtCount = 0
        lastViewport = nil
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

    /// The key of a display row.
    func key(of row: Int, in store: TranscriptStore) -> String {
        switch rows[row] {
        case .date(_, let key): key
        case .unread: "u"
        case .entry(let i): store.entries[i].key
        }
    }

    /// The lines of one display row at a width (cached).
    func lines(ofRow row: Int, in store: TranscriptStore, width: Int) -> [StyledLine] {
        let lines = layout(row: row, store: store, width: width)
        return lines.isEmpty ? [StyledLine()] : lines
    }

    private func layout(row: Int, store: TranscriptStore, width: Int) -> [StyledLine] {
        switch rows[row] {
        case .date(let date, let key):
            return cache.lines(key: key, width: width, revision: 0) { formatter.dateSeparator(date, width: width) }
        case .unread:
            return cache.lines(key: "u", width: width, revision: 0) { formatter.unreadDivider(width: width) }
        case .entry(let i):
            let entry = store.entries[i]
            let isContinued = continued.contains(i)
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
        guard case .anchor(let key, let line) = position, let row = rowKeys[key], row < rows.count else { return nil }
        return (row, max(0, min(line, lineCount(ofRow: row, in: store, width: width) - 1)))
    }

    /// True when the row with `key` shows (at least partly) while the view follows the bottom.
    func isVisibleAtBottom(key: String, store: TranscriptStore, width: Int, height: Int) -> Bool {
        guard let row = rowKeys[key], row < rows.count, height > 0 else { return false }
        return row >= bottomTop(store: store, width: width, height: height).row
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
        return (.anchor(key: key(of: top.row, in: store), line: top.line), reachedTop)
    }

    /// Re-expresses a position after a resize or an edit so that it is valid (an unknown anchor
    /// or one that now fits above the bottom becomes `.bottom`).
    func normalise(_ position: ScrollPosition, store: TranscriptStore, width: Int, height: Int) -> ScrollPosition {
        guard let top = resolve(position, store: store, width: width) else { return .bottom }
        if linesFrom(top, store: store, width: width, limit: height) <= height { return .bottom }
        return .anchor(key: key(of: top.row, in: store), line: top.line)
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
            if line > target, case .entry(let i) = rows[row] {
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
            rowsVersion: builtVersion, storeRevision: store.revision, storeCount: store.count, position: position,
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
