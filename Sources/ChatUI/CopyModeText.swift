import ChatModel
import Foundation
import MarkdownANSI

/// The transcript as copy mode prints it: no centring, no rules across the screen, no hard
/// wrapping, bare URLs made into links.
package enum CopyModeText {
    /// Width messages are laid out at in copy mode: wide enough that paragraphs and URLs are
    /// not broken by us (the terminal soft-wraps them, so selections copy whole lines).
    static let unwrappedWidth = 1000

    /// The bare transcript: no centring, no rules across the screen, no hard wrapping.
    package static func lines(_ state: UIState) -> [StyledLine] {
        if state.authenticationPanelOpen, let authentication = state.authentication {
            return SignInPanel.copyLines(authentication, code: state.authenticationCode, now: Date())
        }
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
                    let text = TerminalSafeText.oneLine(entry.item.text) + " · " + formatter.clock(entry.item.time)
                    out.append(StyledLine([StyledSpan(text, style: formatter.palette.systemLine)]))
                } else {
                    out += formatter.lines(for: entry, width: unwrappedWidth).map { linkified(trimmed($0)) }
                }
            }
        }
        return out
    }

    /// A line whose bare URLs carry a link style, so they become OSC 8 hyperlinks.
    static func linkified(_ line: StyledLine) -> StyledLine {
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
    private static func trimmed(_ line: StyledLine) -> StyledLine {
        var spans = line.spans
        while let last = spans.last, last.text.allSatisfy({ $0 == " " }) { spans.removeLast() }
        if let last = spans.indices.last {
            while spans[last].text.hasSuffix(" ") { spans[last].text.removeLast() }
        }
        return StyledLine(spans)
    }
}
