import Foundation
import Synchronization

/// Writes that must happen however the process exits (`exit()` included, as the full-screen UI
/// does on SIGTERM): run once, in order, from an `atexit` handler.
final class ExitWrites: Sendable {
    /// The process's one list.
    static let shared = ExitWrites()

    private let writes = Mutex<[@Sendable () -> Void]>([])

    private init() {
        atexit { ExitWrites.shared.runAll() }
    }

    /// Adds a write to run at exit.
    func add(_ write: @escaping @Sendable () -> Void) {
        writes.withLock { $0.append(write) }
    }

    private func runAll() {
        let all = writes.withLock { list in
            defer { list = [] }
            return list
        }
        for write in all { write() }
    }
}
