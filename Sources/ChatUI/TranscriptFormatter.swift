import ChatModel
import Foundation
import MarkdownANSI

/// A markdown reply that is still streaming, as the formatter keeps it between frames: its
/// ``StreamingMarkdown`` and its finished blocks' lines, indented, for the width they were made at.
private struct StreamedReply {
    var markdown = StreamingMarkdown()
    /// The body width `indented` was made for.
    var width = 0
    /// The first `indentedCount` lines of the finished blocks, indented.
    var indented: [StyledLine] = []
    var indentedCount = 0
}

/// Turns transcript entries, date separators and the unread divider into styled lines for a width.
///
/// Pure apart from its date formatters; the result for one entry depends only on the entry's
/// content and the width, which is what makes ``LayoutCache`` valid.
package final class TranscriptFormatter {
    /// Columns the message body is indented by under its header.
    static let bodyIndent = 2

    let palette: UIPalette
    let theme: Theme
    private let calendar: Calendar
    private let dayFormatter: DateFormatter
    private var streams: [String: StreamedReply] = [:]
    /// The last time ``clock(_:)`` wrote: a streamed reply's header asks for the same one every frame.
    private var lastClock: (date: Date, text: String)?

    /// Creates a formatter for a palette, a markdown theme and a time zone.
    init(palette: UIPalette, theme: Theme, timeZone: TimeZone) {
        self.palette = palette
        self.theme = theme
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE d MMMM yyyy"
        self.dayFormatter = formatter
    }

    // MARK: Times

    /// `HH:MM` in the formatter's time zone.
    func clock(_ date: Date) -> String {
        if let last = lastClock, last.date == date { return last.text }
        let second = secondOfDay(date)
        let text = Self.twoDigits(second / 3600) + ":" + Self.twoDigits(second / 60 % 60)
        lastClock = (date, text)
        return text
    }

    /// `HH:MM:SS` in the formatter's time zone.
    func clockWithSeconds(_ date: Date) -> String {
        let second = secondOfDay(date)
        return Self.twoDigits(second / 3600) + ":" + Self.twoDigits(second / 60 % 60) + ":" + Self.twoDigits(second % 60)
    }

    /// Seconds since local midnight (every message header asks: integer arithmetic on the zone's
    /// offset, not `dateComponents` and `String(format:)`, which cost a tenth of laying a row out).
    private func secondOfDay(_ date: Date) -> Int {
        let local = (date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))).rounded(.down)
        let second = Int(local.truncatingRemainder(dividingBy: 86_400))
        return second < 0 ? second + 86_400 : second
    }

    /// `n` (0…99) with a leading zero.
    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }

    /// The local day as a number (days since 1970 in the formatter's time zone), for date separators.
    func dayNumber(_ date: Date) -> Int {
        let offset = Double(calendar.timeZone.secondsFromGMT(for: date))
        return Int(((date.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
    }

    /// The day in words, for a date separator.
    func dayTitle(_ date: Date) -> String { dayFormatter.string(from: date) }

    // MARK: Lines

    /// Lines for one transcript entry; a `continued` message (same sender as the one above)
    /// has no header line.
    func lines(for entry: TranscriptEntry, width: Int, continued: Bool = false) -> [StyledLine] {
        let item = entry.item
        if entry.isNotice {
            let body = Markdown.wrapPlain(TerminalSafeText.clean(item.text), width: max(1, width - Self.bodyIndent), style: palette.notice)
            return body.enumerated().map { index, line in
                StyledLine([StyledSpan(index == 0 ? "ℹ " : "  ", style: palette.notice)] + line.spans)
            }
        }
        if case .event = item.kind {
            return centred(TerminalSafeText.oneLine(item.text) + " · " + clock(item.time), width: width, style: palette.systemLine)
        }
        var lines = continued ? [] : [header(for: item, width: width)]
        let bodyWidth = max(1, width - Self.bodyIndent)
        let body: [StyledLine]
        switch item.kind {
        case .attachment(let attachment):
            body = attachmentLines(attachment, entry: entry, width: bodyWidth)
        default:
            if item.displaysMarkdown, item.isStreaming {
                // Indented already: the finished blocks' lines as kept, the open block's anew.
                lines += streamed(item, key: entry.key, width: bodyWidth)
                body = []
            } else {
                if item.displaysMarkdown { streams[entry.key] = nil }
                body = item.displaysMarkdown
                    ? Markdown.render(TerminalSafeText.clean(item.displayText), width: bodyWidth, theme: theme)
                    : Markdown.wrapPlain(TerminalSafeText.clean(item.displayText), width: bodyWidth)
            }
        }
        for line in body {
            lines.append(Self.indented(line))
        }
        if let choice = entry.highlightedChoice {
            lines = Self.highlight(choice: choice, in: lines, indent: Self.bodyIndent)
        }
        if item.isStreaming, let last = lines.indices.last {
            lines[last].spans.append(StyledSpan(" ▍", style: palette.typing))
        }
        return lines
    }

    /// The indented body lines of a markdown reply that is still streaming. It keeps a
    /// ``StreamedReply``, so as chunks arrive only the open block is rendered and indented again:
    /// the finished blocks' lines were indented once, when they were finished.
    private func streamed(_ item: ChatItem, key: String, width: Int) -> [StyledLine] {
        // Cleaned whole, then compared: a sequence split across two chunks is removed whole too.
        let text = TerminalSafeText.clean(item.text)
        var stream = streams.removeValue(forKey: key) ?? StreamedReply()
        // Compared and split by UTF-8, not by character: counting characters walked the whole reply
        // on every frame. The rendered text is valid UTF-8, so its end is a scalar boundary of `text`.
        let rendered = stream.markdown.text.utf8.count
        if Self.startsWithUTF8(text, stream.markdown.text) {
            stream.markdown.append(String(Substring(text.utf8.dropFirst(rendered))))
        } else {
            stream = StreamedReply(markdown: StreamingMarkdown(text))
        }
        let parts = stream.markdown.parts(width: width, theme: theme)
        if stream.width != width || parts.finished.count < stream.indentedCount {
            stream.width = width
            stream.indented = []
            stream.indentedCount = 0
        }
        for line in parts.finished[stream.indentedCount...] { stream.indented.append(Self.indented(line)) }
        stream.indentedCount = parts.finished.count
        var lines = stream.indented
        streams[key] = stream
        guard !parts.open.isEmpty else { return lines }
        if !lines.isEmpty { lines.append(Self.indented(StyledLine())) }
        lines.reserveCapacity(lines.count + parts.open.count)
        for line in parts.open { lines.append(Self.indented(line)) }
        return lines
    }

    /// A body line moved right under its header.
    private static func indented(_ line: StyledLine) -> StyledLine {
        StyledLine([bodyIndentSpan] + line.spans)
    }

    private static let bodyIndentSpan = StyledSpan(String(repeating: " ", count: bodyIndent))

    /// Whether `text`'s UTF-8 begins with all of `prefix`'s (one `memcmp`, not a walk of generic code units).
    private static func startsWithUTF8(_ text: String, _ prefix: String) -> Bool {
        var text = text
        var prefix = prefix
        return text.withUTF8 { whole in
            prefix.withUTF8 { start in
                guard start.count <= whole.count else { return false }
                guard let wholeBase = whole.baseAddress, let startBase = start.baseAddress else { return start.isEmpty }
                return memcmp(wholeBase, startBase, start.count) == 0
            }
        }
    }

    /// A date separator line.
    func dateSeparator(_ date: Date, width: Int) -> [StyledLine] {
        ruled(dayTitle(date), width: width, style: palette.separator)
    }

    /// The divider before the first unread item.
    func unreadDivider(width: Int) -> [StyledLine] {
        ruled("new messages", width: width, style: palette.unreadDivider)
    }

    // MARK: Pieces

    private func header(for item: ChatItem, width: Int) -> StyledLine {
        var spans = [StyledSpan(clock(item.time), style: palette.time), StyledSpan(" ")]
        if let delivery = item.delivery {
            spans.append(StyledSpan("You", style: palette.ownName))
            spans.append(StyledSpan("  "))
            spans.append(deliverySpan(delivery, resent: item.isResent))
            if item.isRedacted, !delivery.isUndelivered {
                spans.append(StyledSpan(" · redacted by the contact center", style: palette.deliveryPending))
            }
        } else {
            switch item.sender.role {
            case .agent:
                spans += badged(item.sender.displayName, palette.agentName, badge: " agent ", palette.agentBadge)
            case .bot:
                spans += badged(item.sender.displayName, palette.botName, badge: " bot ", palette.botBadge)
            case .supervisor:
                spans += badged(item.sender.displayName, palette.agentName, badge: " supervisor ", palette.supervisorBadge)
            case .customer:
                spans.append(StyledSpan(item.sender.displayName, style: palette.ownName))
            case .system:
                spans.append(StyledSpan(item.sender.displayName, style: palette.systemName))
            }
        }
        return Self.truncate(StyledLine(spans), to: width)
    }

    /// A sender's name followed by a badge naming their role ("Ava  agent ").
    private func badged(_ name: String, _ nameStyle: TextStyle, badge: String, _ badgeStyle: TextStyle) -> [StyledSpan] {
        [StyledSpan(name, style: nameStyle), StyledSpan(" "), StyledSpan(badge, style: badgeStyle)]
    }

    /// The delivery label, e.g. "sending…", "read" or "failed — /retry" (without the hint once the
    /// text was `resent` as a new message).
    func deliverySpan(_ delivery: Delivery, resent: Bool = false) -> StyledSpan {
        switch delivery {
        case .pending: StyledSpan(delivery.label, style: palette.deliveryPending)
        case .checking: StyledSpan("being checked by the contact center…", style: palette.deliveryPending)
        case .sent, .delivered: StyledSpan("✓ " + delivery.label, style: palette.deliverySent)
        case .read: StyledSpan("✓✓ " + delivery.label, style: palette.deliveryRead)
        case .failed: StyledSpan("✗ failed — /retry", style: palette.deliveryFailed)
        case .unconfirmed: StyledSpan("? " + delivery.label, style: palette.deliveryPending)
        case .rejected:
            StyledSpan("✗ not delivered: blocked by the contact center's message rules", style: palette.deliveryFailed)
        case .notProcessed:
            StyledSpan(
                "✗ not delivered: the contact center could not check it" + (resent ? " — sent again below" : " — /retry"),
                style: palette.deliveryFailed)
        }
    }

    private func centred(_ text: String, width: Int, style: TextStyle) -> [StyledLine] {
        Markdown.wrapPlain(text, width: width, style: style).map { line in
            let pad = max(0, (width - line.width) / 2)
            return StyledLine([StyledSpan(String(repeating: " ", count: pad))] + line.spans)
        }
    }

    private func ruled(_ title: String, width: Int, style: TextStyle) -> [StyledLine] {
        let label = " \(title) "
        let labelWidth = TerminalWidth.of(label)
        guard labelWidth + 2 <= width else {
            return [Self.truncate(StyledLine([StyledSpan(label, style: style)]), to: width)]
        }
        let left = (width - labelWidth) / 2
        let right = width - labelWidth - left
        let text = String(repeating: "─", count: left) + label + String(repeating: "─", count: right)
        return [StyledLine([StyledSpan(text, style: style)])]
    }

    /// Cuts a line to a width (by grapheme cluster), ending with "…" when something was cut.
    package static func truncate(_ line: StyledLine, to width: Int) -> StyledLine {
        guard line.width > width else { return line }
        var out: [StyledSpan] = []
        var used = 0
        let budget = max(0, width - 1)
        outer: for span in line.spans {
            var text = ""
            for c in span.text {
                let w = TerminalWidth.of(c)
                if used + w > budget {
                    if !text.isEmpty { out.append(StyledSpan(text, style: span.style)) }
                    break outer
                }
                text.append(c)
                used += w
            }
            out.append(StyledSpan(text, style: span.style))
        }
        if width > 0 { out.append(StyledSpan("…")) }
        return StyledLine(out)
    }
}
