import Foundation
import MarkdownANSI

#if canImport(Glibc)
import Glibc
#endif

/// Copy mode: curses is suspended and the transcript printed as ordinary terminal text, so the
/// terminal's own selection, scrollback and OSC 8 links work; any key returns to the chat.
@TerminalActor
final class BareView {
    private var savedMode = termios()
    private var haveSavedMode = false
    /// Suspends curses and prints `lines` with a footer.
    init(lines: [StyledLine], terminal: CursesTerminal) {
        terminal.suspend()
        let mode = terminal.colorMode
        var text = "\n" + ANSIWriter.string(lines, mode: mode, hyperlinks: true) + "\n\n"
        text += ANSIWriter.string(
            [StyledLine([StyledSpan("── copy mode: select freely; press any key to return to the chat ──", style: TextStyle(bold: true))])],
            mode: mode) + "\n"
        terminal.writeTerminal(text)
        // Keys one at a time and unechoed, so any key (not just Enter) returns at once.
        if tcgetattr(STDIN_FILENO, &savedMode) == 0 {
            haveSavedMode = true
            var mode = savedMode
            mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &mode.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &mode)
        }
    }

    /// Puts back the terminal mode copy mode found (call before resuming curses).
    func close() {
        if haveSavedMode { tcsetattr(STDIN_FILENO, TCSANOW, &savedMode) }
        haveSavedMode = false
    }

    /// True once any key has been pressed (the key itself is consumed); never blocks.
    func finished() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return count >= 0
    }

    /// Width messages are laid out at in copy mode: wide enough that paragraphs and URLs are
    /// not broken by us (the terminal soft-wraps them, so selections copy whole lines).
    nonisolated static let unwrappedWidth = 1000

    /// The bare transcript: no centring, no rules across the screen, no hard wrapping.
    nonisolated static func transcriptLines(_ state: UIState) -> [StyledLine] {
        state.prepareView()
        let formatter = state.view.formatter
        var out: [StyledLine] = []
        for row in state.view.rows {
            switch row {
            case .date(let i):
                out += formatter.dateSeparator(state.store.entries[i].item.time, width: min(60, max(20, state.size.columns)))
            case .unread:
                continue
            case .entry(let i, _):
                let entry = state.store.entries[i]
                if case .event = entry.item.kind, !entry.isNotice {
                    let text = DisplayText.oneLine(entry.item.text) + " · " + formatter.clock(entry.item.time)
                    out.append(StyledLine([StyledSpan(text, style: formatter.palette.systemLine)]))
                } else {
                    out += formatter.lines(for: entry, width: unwrappedWidth).map { linkified(trimmed($0)) }
                }
            }
        }
        return out
    }

    /// A line whose bare URLs carry a link style, so they become OSC 8 hyperlinks.
    nonisolated static func linkified(_ line: StyledLine) -> StyledLine {
        var spans: [StyledSpan] = []
        for span in line.spans {
            guard span.style.link == nil else {
                spans.append(span)
                continue
            }
            var rest = span.text[...]
            for url in LinkIndex.urls(in: span.text) {
                guard let range = rest.range(of: url) else { continue }
                if range.lowerBound > rest.startIndex { spans.append(StyledSpan(String(rest[..<range.lowerBound]), style: span.style)) }
                var style = span.style
                style.link = url
                spans.append(StyledSpan(url, style: style))
                rest = rest[range.upperBound...]
            }
            if !rest.isEmpty { spans.append(StyledSpan(String(rest), style: span.style)) }
        }
        return StyledLine(spans)
    }

    /// A line without trailing blanks.
    nonisolated private static func trimmed(_ line: StyledLine) -> StyledLine {
        var spans = line.spans
        while let last = spans.last, last.text.allSatisfy({ $0 == " " }) { spans.removeLast() }
        if let last = spans.indices.last {
            while spans[last].text.hasSuffix(" ") { spans[last].text.removeLast() }
        }
        return StyledLine(spans)
    }
}
