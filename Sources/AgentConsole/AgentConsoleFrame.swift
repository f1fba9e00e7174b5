import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// Builds the agent console's frame: a tab strip, then the queue or the shown chat.
enum AgentConsoleFrame {
    /// The whole screen for `state`.
    static func build(_ state: AgentConsoleState, now: Date, palette: UIPalette) -> Frame {
        let size = state.size
        guard size.isUsable, let index = state.active, state.tabs.indices.contains(index) else {
            return queueFrame(state, palette: palette)
        }
        var chat = FrameBuilder.build(state.tabs[index].ui, now: now, palette: palette)
        chat.regions = chat.regions.map { region in
            var moved = region
            moved.top += 1
            return moved
        }
        chat.regions.insert(strip(state, palette: palette), at: 0)
        chat.size = size
        chat.cursor = chat.cursor.map { ($0.row + 1, $0.column) }
        return chat
    }

    /// The tab strip: the queue, every chat (with unread counts), the agent's name.
    static func strip(_ state: AgentConsoleState, palette: UIPalette) -> Frame.Region {
        var spans: [StyledSpan] = []
        func tab(_ text: String, active: Bool) {
            spans.append(StyledSpan(" \(text) ", style: active ? TextStyle(bold: true, inverse: true) : palette.statusBar))
            spans.append(StyledSpan("│", style: palette.statusDim))
        }
        tab("0 Queue (\(state.queue.count))", active: state.active == nil)
        for (number, chat) in state.tabs.enumerated() {
            let over = chat.ui.chatIsOver ? " ✕" : ""
            let unread = chat.unread > 0 ? " (\(chat.unread))" : ""
            tab("\(number + 1) \(chat.customerName)\(unread)\(over)", active: state.active == number)
        }
        spans.append(StyledSpan(" agent \(state.agentName) · Alt-0…9 switch ", style: palette.statusDim))
        return Frame.Region(
            name: "tabs", top: 0, height: 1,
            lines: [TranscriptFormatter.truncate(StyledLine(spans), to: state.size.columns)], fill: palette.statusBar)
    }

    /// The queue screen: waiting chats with their wait time, the highlight, and the keys.
    private static func queueFrame(_ state: AgentConsoleState, palette: UIPalette) -> Frame {
        let size = state.size
        var lines: [StyledLine] = [StyledLine(), StyledLine([StyledSpan(" Chats waiting for an agent", style: TextStyle(bold: true))]), StyledLine()]
        if state.queue.isEmpty {
            lines.append(StyledLine([StyledSpan(
                "   No chat is waiting. A customer who asks for an agent appears here.", style: palette.placeholder)]))
        }
        for (index, row) in state.queue.enumerated() {
            let wait = String(format: "%d:%02d", row.waitingSeconds / 60, row.waitingSeconds % 60)
            let said = row.lastMessage.map { " · “\($0.replacingOccurrences(of: "\n", with: " "))”" } ?? ""
            let text = " \(index == state.selected ? "▶" : " ") \(row.customerName) · \(row.queue) · waiting \(wait)\(said)"
            let style = index == state.selected ? TextStyle(bold: true, inverse: true) : TextStyle.plain
            lines.append(TranscriptFormatter.truncate(StyledLine([StyledSpan(text, style: style)]), to: size.columns))
        }
        lines.append(StyledLine())
        if let notice = state.notice {
            lines.append(TranscriptFormatter.truncate(StyledLine([StyledSpan(" " + notice, style: palette.notice)]), to: size.columns))
        }
        let help = " Up/Down choose · Enter accepts · Alt-1…9 open a chat · in a chat: /transfer back to the bot, /end, /close · q quits"
        let bodyHeight = max(0, size.rows - 2)
        let body = Array(lines.prefix(bodyHeight)) + Array(repeating: StyledLine(), count: max(0, bodyHeight - lines.count))
        return Frame(size: size, regions: [
            strip(state, palette: palette),
            Frame.Region(name: "queue", top: 1, height: bodyHeight, lines: body, fill: .plain),
            Frame.Region(name: "keys", top: size.rows - 1, height: 1,
                         lines: [TranscriptFormatter.truncate(StyledLine([StyledSpan(help, style: palette.placeholder)]), to: size.columns)],
                         fill: .plain),
        ], cursor: nil)
    }
}
