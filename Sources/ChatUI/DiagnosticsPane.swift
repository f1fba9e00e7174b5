import ChatModel
import Foundation
import MarkdownANSI

/// The F2 diagnostics pane, drawn over the top of the transcript: reconnects and heartbeat
/// round trips on top, then the connection state history with times, then the last socket
/// frames as the engine redacted them. Pure: lines from ``ConnectionDiagnostics``.
enum DiagnosticsPane {
    /// Rows the pane takes from a transcript pane of `transcript` rows (the newest messages stay visible below).
    static func height(transcript: Int) -> Int {
        max(0, min(transcript - 3, max(8, transcript * 2 / 3)))
    }

    /// The pane's rows: content, padding, and a closing rule as the last row.
    static func lines(
        _ diagnostics: ConnectionDiagnostics?, width: Int, height: Int, formatter: TranscriptFormatter, palette: UIPalette
    ) -> [StyledLine] {
        guard height > 0 else { return [] }
        let heading = TextStyle(bold: true)
        let dim = palette.time
        func time(_ date: Date) -> String {
            let millis = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
            return formatter.clockWithSeconds(date) + String(format: ".%03d", millis)
        }
        func row(_ spans: [StyledSpan]) -> StyledLine { TranscriptFormatter.truncate(StyledLine(spans), to: width) }

        let d = diagnostics ?? ConnectionDiagnostics()
        var summary = " Diagnostics · reconnects \(d.reconnects)"
        if let last = d.heartbeats.last {
            let average = d.heartbeats.map(\.roundTrip).reduce(0, +) / Double(d.heartbeats.count)
            summary += " · heartbeat RTT \(milliseconds(last.roundTrip)) (average \(milliseconds(average)) over \(d.heartbeats.count))"
        } else {
            summary += " · no heartbeat answered yet"
        }
        var top = [row([StyledSpan(summary, style: heading)])]
        if let failure = d.deepHeartbeatFailure {
            top.append(row([StyledSpan(" ⚠ deep heartbeat failing: " + TerminalSafeText.oneLine(failure), style: palette.deliveryFailed)]))
        }

        let budget = height - 2
        let states = d.states.suffix(max(1, min(8, budget / 3))).map { change in
            row([StyledSpan("   " + time(change.at) + "  ", style: dim), StyledSpan(change.state.summary)])
        }
        let beats = d.heartbeats.suffix(3).map { beat in
            row([StyledSpan("   " + time(beat.at) + "  ", style: dim), StyledSpan("heartbeat RTT " + milliseconds(beat.roundTrip))])
        }
        top.append(row([StyledSpan(" State history", style: heading)]))
        top += states.isEmpty ? [row([StyledSpan("   (none yet)", style: dim)])] : states
        top.append(row([StyledSpan(" Heartbeats", style: heading)]))
        top += beats.isEmpty ? [row([StyledSpan("   (none answered yet)", style: dim)])] : beats
        top.append(row([StyledSpan(" Last frames (credentials redacted)", style: heading)]))
        let room = max(0, budget - top.count)
        let frames = d.frames.suffix(room).map { frame in
            row([StyledSpan("   " + time(frame.at) + (frame.outgoing ? " → " : " ← "), style: dim),
                 StyledSpan(TerminalSafeText.oneLine(frame.text))])
        }
        var out = Array((top + frames).prefix(height - 1))
        out += Array(repeating: StyledLine(), count: max(0, height - 1 - out.count))
        let rule = "── diagnostics · F2 hides "
        out.append(row([StyledSpan(rule + String(repeating: "─", count: max(0, width - TerminalWidth.of(rule))), style: palette.prompt)]))
        return out
    }

    /// A round trip in words: `0.8 ms`, `12 ms`, `1.24 s`.
    static func milliseconds(_ seconds: TimeInterval) -> String {
        let ms = seconds * 1000
        if ms < 10 { return String(format: "%.1f ms", ms) }
        if ms < 1000 { return String(format: "%.0f ms", ms) }
        return String(format: "%.2f s", seconds)
    }
}
