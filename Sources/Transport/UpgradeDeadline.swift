import Foundation
import SessionCore
import Synchronization

/// The time a socket's server has to answer the upgrade: a server that accepts the connection and
/// never answers would otherwise leave the chat `connecting` for good (neither WebSocket client has
/// a deadline of its own). When the deadline passes before the socket opened, the socket is given
/// up and reported unreachable, so the session backs off and tries again as after any failed
/// connection; nothing the abandoned attempt does later is reported.
enum UpgradeDeadline {
    /// Passes a socket's events on until it is abandoned; remembers whether it opened.
    final class Gate: Sendable {
        private struct State {
            var opened = false
            var abandoned = false
        }

        private let state = Mutex(State())
        private let report: @Sendable (SocketEvent) async -> Void

        init(_ report: @escaping @Sendable (SocketEvent) async -> Void) { self.report = report }

        /// Reports `event` unless the socket was abandoned.
        func forward(_ event: SocketEvent) async {
            let live = state.withLock { state -> Bool in
                if case .opened = event, !state.abandoned { state.opened = true }
                return !state.abandoned
            }
            if live { await report(event) }
        }

        /// Abandons the socket unless it opened; true when it was abandoned now.
        func abandonUnlessOpened() -> Bool {
            state.withLock { state in
                guard !state.opened, !state.abandoned else { return false }
                state.abandoned = true
                return true
            }
        }
    }

    /// Runs `socket` (which reports through the gate it is given) and gives it up, reporting
    /// `.closed(.unreachable)`, when it has not opened within `deadline`. Returns when the socket's
    /// run ended, or when it was given up.
    static func run(
        deadline: Duration, url: String, trace: TraceRecorder?, report: @escaping @Sendable (SocketEvent) async -> Void,
        socket: @escaping @Sendable (Gate) async -> Void
    ) async {
        let gate = Gate(report)
        let (ends, ended) = AsyncStream<Bool>.makeStream()
        let running = Task {
            await socket(gate)
            ended.yield(false)
        }
        let timer = Task {
            guard (try? await EventLoopTime.sleep(for: deadline)) != nil else { return }
            ended.yield(true)
        }
        await withTaskCancellationHandler {
            for await timedOut in ends {
                guard timedOut else { break }
                if gate.abandonUnlessOpened() {
                    // The socket's own run may not notice cancellation while it waits for the answer:
                    // it is left behind, and the gate keeps whatever it says later from the session.
                    running.cancel()
                    let detail = HTTPTransport.located("socket: no answer to the upgrade within \(Self.words(deadline))", url: url)
                    trace?.socket("close", detail: detail)
                    await report(.closed(.unreachable(TransportFailure(.timedOut, detail))))
                    break
                }
                // It opened in time: from now on it runs until it ends.
            }
        } onCancel: {
            running.cancel()
            timer.cancel()
            ended.finish()
        }
        timer.cancel()
        ended.finish()
    }

    /// `15 s`, or `500 ms` below a second.
    static func words(_ duration: Duration) -> String {
        let milliseconds = Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
