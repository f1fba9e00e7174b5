import Dispatch
import Foundation
import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP in line mode: instead of dying at once (and losing what the transcript
/// writers and the outbox still hold), the chat is left as a restart would find it — unsent messages
/// saved, transcript files drained and synced — and the process then exits with 128 + the signal.
final class InterruptSignals: Sendable {
    private let received = Mutex<Int32?>(nil)
    /// Set once in `init`, cancelled in ``stop()`` (DispatchSource is thread-safe but not marked Sendable).
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []
    private let waiters = Mutex<[CheckedContinuation<Int32, Never>]>([])

    /// Starts catching the signals (they are ignored by the default handler from now on).
    init() {
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

    /// Returns when the first signal comes (at once if one came already).
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let already: Int32? = received.withLock { current in
                if current == nil { waiters.withLock { $0.append(continuation) } }
                return current
            }
            if let already { continuation.resume(returning: already) }
        }
    }

    /// Stops catching: the default handlers apply again.
    func stop() {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM, SIGHUP] { Glibc.signal(number, SIG_DFL) }
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
        let woken: [CheckedContinuation<Int32, Never>] = received.withLock { current in
            guard current == nil else { return [] }
            current = number
            return waiters.withLock { list in defer { list = [] }; return list }
        }
        for continuation in woken { continuation.resume(returning: number) }
    }
}
