import ChatModel
import Foundation
import Testing

@testable import SessionCore

@Suite("Connection diagnostics")
struct DiagnosticsRecorderTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func statesAreTimedAndReconnectsCounted() {
        var recorder = DiagnosticsRecorder()
        let first = recorder.record(state: .connecting, at: Self.t0)
        let opened = recorder.record(state: .open, at: Self.t0.addingTimeInterval(1))
        let repeated = recorder.record(state: .open, at: Self.t0.addingTimeInterval(2))
        #expect(first && opened)
        #expect(!repeated, "no repeat of the same state")
        _ = recorder.record(state: .reconnecting(attempt: 1, nextRetryAt: Self.t0.addingTimeInterval(4)), at: Self.t0.addingTimeInterval(3))
        _ = recorder.record(state: .connecting, at: Self.t0.addingTimeInterval(4))
        _ = recorder.record(state: .open, at: Self.t0.addingTimeInterval(5))
        let snapshot = recorder.snapshot(at: Self.t0.addingTimeInterval(6))
        #expect(snapshot.reconnects == 1)
        #expect(snapshot.states.map(\.state.summary) == ["connecting", "connected", "reconnecting (attempt 1)", "connecting", "connected"])
        #expect(snapshot.states[1].at == Self.t0.addingTimeInterval(1))
    }

    @Test func heartbeatRoundTripIsFromSendToFirstAnswer() {
        var recorder = DiagnosticsRecorder()
        let unasked = recorder.heartbeatAnswered(at: Self.t0)
        #expect(!unasked, "an answer without a heartbeat is no round trip")
        recorder.heartbeatSent(at: Self.t0)
        let answered = recorder.heartbeatAnswered(at: Self.t0.addingTimeInterval(0.004))
        let again = recorder.heartbeatAnswered(at: Self.t0.addingTimeInterval(0.005))
        #expect(answered)
        #expect(!again, "the second answer counts once")
        let beats = recorder.snapshot(at: Self.t0).heartbeats
        #expect(beats.count == 1)
        #expect(abs(beats[0].roundTrip - 0.004) < 0.000_001)
    }

    @Test func lastFramesAreKeptInOrderAndRedacted() {
        var recorder = DiagnosticsRecorder()
        let limit = DiagnosticsRecorder.frameLimit
        for n in 0..<(limit + 5) {
            _ = recorder.record(frame: #"{"n":\#(n)}"#, outgoing: n % 2 == 0, at: Self.t0.addingTimeInterval(Double(n) / 100))
        }
        _ = recorder.record(frame: #"{"topic":"x","ConnectionToken":"abcdef-secret-123"}"#, outgoing: false, at: Self.t0.addingTimeInterval(1))
        let frames = recorder.snapshot(at: Self.t0.addingTimeInterval(2)).frames
        #expect(frames.count == limit)
        #expect(frames.first?.text == #"{"n":6}"#, "the oldest kept frame comes first")
        #expect(frames.last?.text.contains("abcdef-secret-123") == false, "tokens never reach the pane")
        #expect(frames.last?.text.contains("[redacted]") == true)
    }

    @Test func framesTriggerASnapshotAtMostOnceASecond() {
        var recorder = DiagnosticsRecorder()
        let first = recorder.record(frame: "{}", outgoing: false, at: Self.t0)
        _ = recorder.snapshot(at: Self.t0)
        let soon = recorder.record(frame: "{}", outgoing: false, at: Self.t0.addingTimeInterval(0.5))
        let later = recorder.record(frame: "{}", outgoing: false, at: Self.t0.addingTimeInterval(1.0))
        #expect(first && !soon && later)
    }

    @Test func framesAfterASnapshotAskForOneTrailingSnapshot() {
        var recorder = DiagnosticsRecorder()
        _ = recorder.record(frame: "{}", outgoing: false, at: Self.t0)
        _ = recorder.snapshot(at: Self.t0)
        let quiet = recorder.wantsTrailingSnapshot()
        #expect(!quiet, "nothing new since the snapshot")
        _ = recorder.record(frame: #"{"last":1}"#, outgoing: false, at: Self.t0.addingTimeInterval(0.2))
        let first = recorder.wantsTrailingSnapshot()
        let second = recorder.wantsTrailingSnapshot()
        #expect(first && !second, "one trailing snapshot at a time")
        let due = recorder.trailingSnapshotDue()
        #expect(due)
        #expect(recorder.snapshot(at: Self.t0.addingTimeInterval(1.2)).frames.last?.text == #"{"last":1}"#)
        let again = recorder.trailingSnapshotDue()
        #expect(!again, "the snapshot showed them")
    }
}
