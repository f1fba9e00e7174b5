import ChatModel
import Foundation

/// Keeps what ``ConnectionDiagnostics`` reports: state changes, the last frames, heartbeat
/// round trips and reconnects. A plain value owned by ``ChatSession``; times are passed in.
///
/// Frames are kept as received and redacted only when a snapshot is taken (and then once per
/// frame), so recording costs one array write per frame.
struct DiagnosticsRecorder: Sendable {
    /// State changes kept.
    static let stateLimit = 40
    /// Frames kept.
    static let frameLimit = 16
    /// Heartbeat round trips kept.
    static let heartbeatLimit = 10
    /// Longest frame text kept in a snapshot (characters).
    static let frameTextLimit = 400
    /// Shortest time between two snapshots published because frames arrived.
    static let frameSnapshotInterval: TimeInterval = 1

    private struct RawFrame {
        var at: Date
        var outgoing: Bool
        var text: String
        var redacted: String?
    }

    private var states: [ConnectionDiagnostics.StateChange] = []
    private var frames: [RawFrame] = []
    private var nextFrame = 0
    private var heartbeats: [ConnectionDiagnostics.Heartbeat] = []
    private var heartbeatSentAt: Date?
    private var reconnects = 0
    private var hasOpened = false
    private var lastSnapshot = Date.distantPast
    private var framesSinceSnapshot = false
    private var trailingSnapshotPending = false
    private var deepHeartbeatFailure: String?

    /// Records a state; returns false when it is the same as the last one.
    mutating func record(state: ConnectionState, at now: Date) -> Bool {
        if let last = states.last?.state, last == state { return false }
        if state == .open {
            if hasOpened { reconnects += 1 }
            hasOpened = true
        }
        states.append(.init(at: now, state: state))
        if states.count > Self.stateLimit { states.removeFirst(states.count - Self.stateLimit) }
        return true
    }

    /// Records a frame; returns true when a snapshot is due for the frames that flowed.
    mutating func record(frame text: String, outgoing: Bool, at now: Date) -> Bool {
        let frame = RawFrame(at: now, outgoing: outgoing, text: text)
        if frames.count < Self.frameLimit {
            frames.append(frame)
        } else {
            frames[nextFrame] = frame
        }
        nextFrame = (nextFrame + 1) % Self.frameLimit
        framesSinceSnapshot = true
        return now.timeIntervalSince(lastSnapshot) >= Self.frameSnapshotInterval
    }

    /// True once per quiet spell when frames arrived that no snapshot shows yet: the caller
    /// should take one after ``frameSnapshotInterval`` (see ``trailingSnapshotDue()``).
    mutating func wantsTrailingSnapshot() -> Bool {
        guard framesSinceSnapshot, !trailingSnapshotPending else { return false }
        trailingSnapshotPending = true
        return true
    }

    /// The trailing snapshot's time came: true when frames still wait to be shown.
    mutating func trailingSnapshotDue() -> Bool {
        trailingSnapshotPending = false
        return framesSinceSnapshot
    }

    /// Notes that heartbeat frames were just sent.
    mutating func heartbeatSent(at now: Date) {
        heartbeatSentAt = now
    }

    /// Notes an answer to a heartbeat; returns true when it completed a round trip.
    mutating func heartbeatAnswered(at now: Date) -> Bool {
        guard let sent = heartbeatSentAt else { return false }
        heartbeatSentAt = nil
        heartbeats.append(.init(at: now, roundTrip: max(0, now.timeIntervalSince(sent))))
        if heartbeats.count > Self.heartbeatLimit { heartbeats.removeFirst(heartbeats.count - Self.heartbeatLimit) }
        return true
    }

    /// Notes a failed deep heartbeat; returns true when it newly failed (it was well before).
    mutating func deepHeartbeatFailed(_ detail: String, at now: Date) -> Bool {
        defer { deepHeartbeatFailure = detail }
        return deepHeartbeatFailure == nil
    }

    /// Notes a deep heartbeat that succeeded; returns true when it had been failing.
    mutating func deepHeartbeatRecovered(at now: Date) -> Bool {
        defer { deepHeartbeatFailure = nil }
        return deepHeartbeatFailure != nil
    }

    /// Everything kept, with frames redacted, oldest first.
    mutating func snapshot(at now: Date) -> ConnectionDiagnostics {
        lastSnapshot = now
        framesSinceSnapshot = false
        let ordered = frames.count < Self.frameLimit ? Array(frames.indices) : (0..<Self.frameLimit).map { (nextFrame + $0) % Self.frameLimit }
        var records: [ConnectionDiagnostics.FrameRecord] = []
        for index in ordered {
            if frames[index].redacted == nil { frames[index].redacted = Self.redact(frames[index].text) }
            records.append(.init(at: frames[index].at, outgoing: frames[index].outgoing, text: frames[index].redacted ?? ""))
        }
        return ConnectionDiagnostics(
            states: states, frames: records, heartbeats: heartbeats, reconnects: reconnects,
            deepHeartbeatFailure: deepHeartbeatFailure)
    }

    /// A frame as the trace would show it (credentials masked), on one line, shortened.
    static func redact(_ text: String) -> String {
        let value = TraceRedactor.frame(text)
        var line: String
        switch value {
        case .object, .array: line = value.text
        case .string(let scrubbed): line = scrubbed
        default: line = TraceRedactor.scrub(text)
        }
        // What tells this frame from the others first: its summary, then the JSON (shortened).
        if let summary = FrameSummary.summary(of: value) { line = summary + " · " + line }
        line = line.replacingOccurrences(of: "\n", with: " ")
        if line.count > frameTextLimit { line = String(line.prefix(frameTextLimit)) + "…" }
        return line
    }
}
