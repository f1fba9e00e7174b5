import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM during `helpline script`, as a request to wind down: the first one calls `onInterrupt` (which ends
/// what is open and reports), a second one exits at once with 130 (the user insists).
final class ScriptInterrupt {
    /// The exit status after an interrupt (128 + SIGINT), as shells report Ctrl-C.
    static let exitStatus: Int32 = 130

    private let sources: [any DispatchSourceSignal]
    private let received = SignalCount()

    /// Starts listening; `onInterrupt` runs once, on a background queue.
    init(onInterrupt: @escaping @Sendable () -> Void) {
        var sources: [any DispatchSourceSignal] = []
        let received = self.received
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let count = received.value.withLock { count -> Int in
                    count += 1
                    return count
                }
                if count == 1 { onInterrupt() } else { exit(Self.exitStatus) }
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// True once a signal arrived.
    var interrupted: Bool { received.value.withLock { $0 > 0 } }

    /// Stops listening (the default actions come back).
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// How many interrupt signals arrived.
private final class SignalCount: Sendable {
    let value = Mutex(0)
}
