import ChatModel
import Foundation
import MarkdownANSI
import TerminalRuntime

/// Builds a ``Frame`` from the state: pure, apart from laying out visible transcript rows.
package enum FrameBuilder {
    /// Builds the frame for `state` at `now`; `clock` is the status bar's HH:MM.
    package static func build(_ state: UIState, now: Date, palette: UIPalette) -> Frame {
        let size = state.size
        guard size.isUsable else { return tooSmall(size) }
        let (g, composerLayout) = state.layout()
        let clock = state.view.clock(now)
        var regions: [Frame.Region] = []
        regions.reserveCapacity(5)
        regions.append(Frame.Region(
            name: "status", top: g.status.top, height: 1,
            lines: [state.view.statusLine.line(state, now: now, width: g.columns, palette: palette, clock: clock)],
            fill: palette.statusBar))
        let viewport = state.viewport(g)
        var transcriptLines = state.transcriptSearch.map { search in viewport.lines.map(search.highlight) } ?? viewport.lines
        if let offset = state.helpOffset {
            transcriptLines = helpOverlay(offset: offset, width: g.columns, height: g.transcript.height, palette: palette)
        } else if state.authenticationPanelOpen, let authentication = state.authentication {
            transcriptLines = SignInPanel.lines(
                authentication, code: state.authenticationCode, now: now, width: g.columns, height: g.transcript.height,
                palette: palette)
        } else if state.diagnosticsOpen {
            let pane = DiagnosticsPane.lines(
                state.diagnostics, width: g.columns, height: DiagnosticsPane.height(transcript: g.transcript.height),
                formatter: state.view.formatter, palette: palette)
            // The pane takes the top rows; below it the lowest rows of what the transcript shows.
            var shown = transcriptLines
            while let last = shown.last, last.plainText.allSatisfy(\.isWhitespace) { shown.removeLast() }
            let room = max(0, g.transcript.height - pane.count)
            let lower = Array(shown.suffix(room))
            transcriptLines = pane + lower + Array(repeating: StyledLine(), count: room - lower.count)
        }
        regions.append(Frame.Region(
            name: "transcript", top: g.transcript.top, height: g.transcript.height,
            lines: transcriptLines, fill: .plain))
        regions.append(Frame.Region(
            name: "typing", top: g.typing.top, height: 1,
            lines: [typingLine(state, viewport: viewport, now: now, width: g.columns, palette: palette)],
            fill: .plain))
        if let separator = g.separator {
            regions.append(Frame.Region(
                name: "separator", top: separator.top, height: 1,
                lines: [StyledLine([StyledSpan(Repeated.rule(g.columns), style: palette.separator)])],
                fill: .plain))
        }
        let (composerLines, cursor) = composer(state, layout: composerLayout, geometry: g, palette: palette)
        regions.append(Frame.Region(
            name: "composer", top: g.composer.top, height: g.composer.height, lines: composerLines, fill: .plain))
        return Frame(size: size, regions: regions, cursor: (g.composer.top + cursor.row, cursor.column))
    }

    /// The help overlay: the key table and commands, from `offset`, over the transcript pane.
    private static func helpOverlay(offset: Int, width: Int, height: Int, palette: UIPalette) -> [StyledLine] {
        let all = KeyTable.helpLines()
        let footer = "── help: Up/Down/PgUp/PgDn scroll · any other key closes ──"
        let shown = all.dropFirst(offset).prefix(max(0, height - 1)).map { text in
            let heading = !text.hasPrefix(" ") && !text.isEmpty
            return TranscriptFormatter.truncate(StyledLine([StyledSpan(text, style: TextStyle(bold: heading))]), to: width)
        }
        let padding = Array(repeating: StyledLine(), count: max(0, height - 1 - shown.count))
        return Array(shown) + padding + [TranscriptFormatter.truncate(StyledLine([StyledSpan(footer, style: palette.prompt)]), to: width)]
    }

    private static func tooSmall(_ size: TerminalSize) -> Frame {
        let min = TerminalSize.minimum
        let words = ["Terminal too small", "(\(size.columns)×\(size.rows)):", "need \(min.columns)×\(min.rows)"]
        let lines = Markdown.wrapPlain(words.joined(separator: " "), width: max(1, size.columns), style: TextStyle(bold: true))
        let top = max(0, (size.rows - lines.count) / 2)
        let centred = lines.prefix(max(0, size.rows)).map { line in
            StyledLine([StyledSpan(String(repeating: " ", count: max(0, (size.columns - line.width) / 2)))] + line.spans)
        }
        return Frame(
            size: size,
            regions: [Frame.Region(name: "message", top: 0, height: max(0, size.rows),
                                   lines: Array(repeating: StyledLine(), count: top) + centred, fill: .plain)],
            cursor: nil)
    }

    /// Typing notice (animated dots) or hint on the left; "N more below" on the right.
    private static func typingLine(
        _ state: UIState, viewport: TranscriptViewport, now: Date, width: Int, palette: UIPalette
    ) -> StyledLine {
        var left: [StyledSpan] = []
        let draft = state.composer.text
        if let search = state.transcriptSearch {
            left = [StyledSpan(" " + search.prompt(store: state.store), style: palette.prompt)]
        } else if let search = state.historySearch {
            left = [StyledSpan(" " + search.prompt(history: state.composer.history), style: palette.prompt)]
        } else if let hint = state.hint {
            left = [StyledSpan(" " + hint.text, style: palette.placeholder)]
        } else if draft.hasPrefix("/") && !draft.contains(" ") && !draft.contains("\n") && !draft.hasPrefix("//") {
            let matches = SlashCommand.completions(for: draft)
            let text = matches.isEmpty
                ? "unknown command — /help lists them"
                : matches.map { $0.name + ($0.takesArgument ? " " + $0.argumentName : "") }.joined(separator: "  ") + "   (Tab completes)"
            left = [StyledSpan(" " + text, style: palette.placeholder)]
        } else if let sentence = state.typing.sentence {
            let phase = Int((now.timeIntervalSinceReferenceDate * 3).rounded(.down)) % 4
            let dots = String(repeating: ".", count: phase) + String(repeating: " ", count: 3 - phase)
            left = [StyledSpan(" " + sentence + dots, style: palette.typing)]
        } else if state.loadingOlder {
            left = [StyledSpan(" loading older messages…", style: palette.placeholder)]
        }
        var right: [StyledSpan] = []
        if viewport.linesBelow > 0 {
            var text = " ↓ \(viewport.linesBelow)\(viewport.belowIsCapped ? "+" : "") more below"
            if state.unreadCount > 0 { text += " · \(state.unreadCount) new" }
            right = [StyledSpan(text + " (End) ", style: palette.moreBelow)]
        }
        let rightWidth = StyledLine(right).width
        var line = TranscriptFormatter.truncate(StyledLine(left), to: max(0, width - rightWidth - 1))
        let gap = width - line.width - rightWidth
        if !right.isEmpty && gap >= 0 {
            line.spans.append(StyledSpan(Repeated.spaces(gap)))
            line.spans += right
        }
        return TranscriptFormatter.truncate(line, to: width)
    }

    /// The composer rows (prompt + draft, or a placeholder) and the cursor within them.
    private static func composer(
        _ state: UIState, layout: ComposerLayout, geometry g: ScreenGeometry, palette: UIPalette
    ) -> ([StyledLine], (row: Int, column: Int)) {
        let prompt = StyledSpan("› ", style: palette.prompt)
        let pad = StyledSpan(Repeated.spaces(ScreenGeometry.promptWidth))
        if state.composer.isEmpty {
            let ended = if case .closed(let reason) = state.connection { StatusBar.endedText(reason) } else { "Chat ended" }
            let text = state.chatIsOver
                ? (state.options.inAgentConsole ? "\(ended) — /close closes this tab, Alt-0 for the queue" : "\(ended) — /new for a new chat, /quit to leave")
                : "Message… Enter sends · Alt-Enter new line · /help"
            let hint = TranscriptFormatter.truncate(StyledLine([StyledSpan(text, style: palette.placeholder)]), to: g.composerTextWidth - 1)
            return ([StyledLine([prompt] + hint.spans)], (0, ScreenGeometry.promptWidth))
        }
        let first = layout.firstVisibleRow
        let rows = layout.rows[first..<(first + layout.visibleRowCount)]
        let lines = rows.enumerated().map { offset, row in
            StyledLine([offset + first == 0 ? prompt : pad, StyledSpan(row.text)])
        }
        return (lines, (layout.cursorRow - first, ScreenGeometry.promptWidth + layout.cursorColumn))
    }
}
