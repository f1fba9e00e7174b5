import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Until when typing notices are not worth handing to a session, on the monotonic clock: written by
/// the session after each command from the core's throttle, read by a front end's thread.
final class TypingQuiet: Sendable {
    private let until = Atomic<UInt64>(0)

    /// Notices are quiet for `seconds` from now (nil, or not positive: not at all).
    func set(seconds: TimeInterval?) {
        guard let seconds, seconds > 0, seconds < 3_600 else {
            until.store(0, ordering: .relaxed)
            return
        }
        until.store(Self.now() &+ UInt64(seconds * 1_000_000_000), ordering: .relaxed)
    }

    /// True when a notice handed over now would count.
    func admits() -> Bool {
        Self.now() >= until.load(ordering: .relaxed)
    }

    private static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
