import Foundation
import Synchronization

/// Until when typing notices are not worth handing to a session: written by the session after each
/// command from the core's throttle, read by a front end's thread.
final class TypingQuiet: Sendable {
    private let until = Mutex<ContinuousClock.Instant?>(nil)

    /// Notices are quiet for `seconds` from now (nil, or not positive: not at all).
    func set(seconds: TimeInterval?) {
        let end = seconds.flatMap { $0 > 0 ? ContinuousClock.now + .seconds($0) : nil }
        until.withLock { $0 = end }
    }

    /// True when a notice handed over now would count.
    func admits() -> Bool {
        guard let end = until.withLock({ $0 }) else { return true }
        return ContinuousClock.now >= end
    }
}
