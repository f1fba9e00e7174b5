import ChatModel
import Foundation
import MarkdownANSI

/// Builds the one-line status bar: state, partner, queue, unread, backend, title, clock.
///
/// Segments carry a priority; the least important are dropped until the bar fits.
enum StatusBar {
    private struct Segment {
        var spans: [StyledSpan]
        var priority: Int
        var width: Int { spans.reduce(0) { $0 + TerminalWidth.of($1.text) } }
    }

    /// Everything the bar shows but the clock, taken from the state and compared whole: the last
    /// bar is reused while they are equal (``StatusLineCache``).
    struct Inputs: Equatable {
        var connection: ConnectionState
        var session: SessionInfo?
        var partner: Participant?
        var queuePosition: Int?
        var unreadCount: Int
        var deepHeartbeatFailure: String?
        var title: String
        var inAgentConsole: Bool

        /// What `state` shows in the bar.
        init(_ state: UIState) {
            connection = state.connection
            session = state.session
            partner = state.partner
            queuePosition = state.queuePosition
            unreadCount = state.unreadCount
            deepHeartbeatFailure = state.diagnostics?.deepHeartbeatFailure
            title = state.options.title
            inAgentConsole = state.options.inAgentConsole
        }
    }

    /// The connection state in words, e.g. "reconnecting in 4s (attempt 2)".
    static func stateText(_ connection: ConnectionState, now: Date, inAgentConsole: Bool = false) -> String {
        switch connection {
        case .idle: "○ offline"
        case .connecting: "◌ connecting…"
        case .open: "● connected"
        case .reconnecting(let attempt, let next):
            reconnectText(attempt: attempt, seconds: Int((next.timeIntervalSince(now)).rounded(.up)))
        case .closing: "◌ ending…"
        case .closed(let reason): "■ " + endedText(reason) + (inAgentConsole ? " — /close" : " — /new or /quit")
        case .failed(let reason): "✖ failed: \(reason) — /retry"
        }
    }

    /// Why the chat ended, as the engine tells it ("Ava ended the chat", "you ended the chat", "the
    /// chat ended after 5 minutes idle"), with a capital; "ended" when it gives no reason.
    static func endedText(_ reason: EndReason) -> String {
        let words = reason.description
        guard let first = words.first else { return "ended" }
        return first.uppercased() + words.dropFirst()
    }

    private static func reconnectText(attempt: Int, seconds: Int) -> String {
        seconds > 0
            ? "↻ reconnecting in \(seconds)s (attempt \(attempt))"
            : "↻ reconnecting… (attempt \(attempt))"
    }

    /// The status bar for a width.
    static func line(_ bar: Inputs, now: Date, width: Int, palette: UIPalette, clock: String) -> StyledLine {
        let stateStyle: TextStyle
        switch bar.connection {
        case .open: stateStyle = palette.statusConnected
        case .connecting, .reconnecting, .closing: stateStyle = palette.statusWaiting
        case .idle: stateStyle = palette.statusDim
        case .closed, .failed: stateStyle = palette.statusBad
        }
        var left: [Segment] = [
            Segment(spans: [StyledSpan(" \(bar.title) ", style: boldened(palette.statusBar))], priority: 4),
            Segment(spans: [StyledSpan(" " + stateText(bar.connection, now: now, inAgentConsole: bar.inAgentConsole) + " ", style: stateStyle)], priority: 0),
        ]
        if let partner = bar.partner {
            let badge = switch partner.role {
            case .bot: "bot"
            case .supervisor: "supervisor"
            case .customer: "customer"
            case .agent, .system: "agent"
            }
            let badgeStyle = partner.role == .bot ? palette.statusBotBadge : palette.statusBadge
            left.append(Segment(spans: [
                StyledSpan(" " + partner.displayName + " ", style: boldened(palette.statusBar)),
                StyledSpan(" \(badge) ", style: badgeStyle),
            ], priority: 1))
        }
        if bar.connection == .open, bar.deepHeartbeatFailure != nil {
            // The socket answers but the service behind it does not (Connect's deep heartbeat).
            left.append(Segment(spans: [StyledSpan(" ⚠ service not answering — F2 ", style: palette.statusWaiting)], priority: 0))
        }
        if let position = bar.queuePosition {
            left.append(Segment(spans: [StyledSpan(" queue #\(position) ", style: palette.statusWaiting)], priority: 0))
        }
        if bar.unreadCount > 0 {
            left.append(Segment(spans: [StyledSpan(" ↓ \(bar.unreadCount) unread ", style: palette.statusWaiting)], priority: 0))
        }
        if let session = bar.session {
            left.append(Segment(spans: [
                StyledSpan(" \(session.backend) · \(session.endpoint) ", style: palette.statusDim)
            ], priority: 3))
        }
        let right = Segment(spans: [StyledSpan(" \(clock) ", style: palette.statusBar)], priority: 2)
        var segments = left + [right]
        func total() -> Int { segments.reduce(0) { $0 + $1.width } + segments.count - 1 }
        while total() > width, let worst = segments.indices.max(by: { segments[$0].priority < segments[$1].priority }),
            segments[worst].priority > 0 {
            segments.remove(at: worst)
        }
        let hasClock = segments.contains { $0.priority == 2 }
        let leftSegments = hasClock ? Array(segments.dropLast()) : segments
        var spans: [StyledSpan] = []
        for (i, segment) in leftSegments.enumerated() {
            if i > 0 { spans.append(StyledSpan("│", style: palette.statusDim)) }
            spans += segment.spans
        }
        var line = StyledLine(spans)
        if hasClock {
            let gap = width - line.width - right.width
            if gap > 0 { line.spans.append(StyledSpan(String(repeating: " ", count: gap), style: palette.statusBar)) }
            line.spans += right.spans
        }
        return TranscriptFormatter.truncate(line, to: width)
    }

    private static func boldened(_ style: TextStyle) -> TextStyle {
        var s = style
        s.bold = true
        return s
    }
}
