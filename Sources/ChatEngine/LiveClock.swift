import Foundation
import SessionCore

/// The live clock port of a ``ChatSession``: each wake-up a task that sleeps on the configured
/// clock and then hands its key and token back to the session. Owned by the session and used only on it.
final class LiveClock: DriverClock {
    /// The session wake-ups go back to (set once it exists; the tasks hold it while they sleep).
    weak var session: ChatSession?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private var sleeping: [TimerKey: Task<Void, Never>] = [:]

    /// A clock reading `now` and sleeping with `sleep`.
    init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    func wake(_ key: TimerKey, token: Int, at deadline: Date) {
        sleeping.removeValue(forKey: key)?.cancel()
        guard let session else { return }
        let wait = max(0, deadline.timeIntervalSince(now()))
        let sleep = sleep
        sleeping[key] = Task {
            guard (try? await sleep(.milliseconds(Int64((wait * 1000).rounded(.up))))) != nil else { return }
            await session.timerFired(key, token: token)
        }
    }

    func cancelWake(_ key: TimerKey) {
        sleeping.removeValue(forKey: key)?.cancel()
    }
}
