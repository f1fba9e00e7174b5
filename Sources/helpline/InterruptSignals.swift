import Dispatch
import Foundation
import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP in line mode: instead of dying at once (and losing what the transcript
/// writers and the outbox still hold), the chat is left as a restart would find it — unsent messages
/// saved, transcript files drained and synced — and the process then exits with 128 + the signal.
///
/// One per process, made once and never cancelled: a signal source made again after an earlier one
/// was cancelled does not fire (the lesson of the full-screen UI's `/new`).
final class InterruptSignals: Sendable {
    /// The process's one instance.
    static let shared = InterruptSignals()

    private let received = Mutex<Int32?>(nil)
    /// Set once in `init`, kept for the process's life (DispatchSource is thread-safe but not marked Sendable).
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []
    private let waiters = Mutex<[UUID: CheckedContinuation<Int32?, Never>]>([:])

    /// Starts catching the signals (they are ignored by the default handler from now on).
    private init() {
        var installed: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
            installed.append(source)
        }
        sources = installed
    }

    /// The first signal that came, if any.
    var caught: Int32? { received.withLock { $0 } }

    /// Returns the first signal when it comes (at once if one came already), or nil when the waiting
    /// task is cancelled first.
    func wait() async -> Int32? {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
                let already: Int32?? = received.withLock { current in
                    if let current { return .some(current) }
                    if Task.isCancelled { return .some(nil) }
                    waiters.withLock { $0[id] = continuation }
                    return .none
                }
                if let already { continuation.resume(returning: already) }
            }
        } onCancel: {
            waiters.withLock { $0.removeValue(forKey: id) }?.resume(returning: nil)
        }
    }

    /// Forgets a signal an earlier line-mode run already acted on (before another run waits).
    func begin() {
        received.withLock { $0 = nil }
    }

    /// The name of a signal, for the closing line.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }

    private func deliver(_ number: Int32) {
        let woken: [CheckedContinuation<Int32?, Never>] = received.withLock { current in
            guard current == nil else { return [] }
            current = number
            return waiters.withLock { list in
                defer { list = [:] }
                return Array(list.values)
            }
        }
        for continuation in woken { continuation.resume(returning: number) }
    }
}
