import ChatModel
import Foundation

extension ChatSession {
    /// Records the current connection state and publishes a snapshot when it changed.
    func noteStateForDiagnostics() {
        let now = configuration.now()
        if diagnostics.record(state: machine.state, at: now) { publishDiagnostics(at: now) }
    }

    /// Records a socket frame (sent or received); publishes at most once a second for frames,
    /// and once more a second after the last ones, so the newest frames always show.
    func noteFrameForDiagnostics(_ text: String, outgoing: Bool, at now: Date) {
        if diagnostics.record(frame: text, outgoing: outgoing, at: now) {
            publishDiagnostics(at: now)
        } else if diagnostics.wantsTrailingSnapshot() {
            let sleep = configuration.sleep
            Task {
                try? await sleep(.seconds(DiagnosticsRecorder.frameSnapshotInterval))
                await self.publishTrailingDiagnostics()
            }
        }
    }

    private func publishTrailingDiagnostics() {
        if diagnostics.trailingSnapshotDue() { publishDiagnostics(at: configuration.now()) }
    }

    /// Notes that heartbeat frames went out now.
    func noteHeartbeatSent(at now: Date) {
        diagnostics.heartbeatSent(at: now)
    }

    /// An answer to a heartbeat arrived: records the round trip and publishes.
    func noteHeartbeatAnswered() {
        let now = configuration.now()
        if diagnostics.heartbeatAnswered(at: now) { publishDiagnostics(at: now) }
    }

    private func publishDiagnostics(at now: Date) {
        hub.publish(.diagnostics(diagnostics.snapshot(at: now)))
    }
}
