import ChatModel
import Foundation

/// Decides which typing notices a UI hands to its engine: at most one a second.
///
/// The engine sends one every few seconds at most anyway; handing one over per key woke a
/// thread of the pool after every echo. Any other command (a message, say) starts the interval
/// again, so the next key's notice goes at once.
package struct TypingHandOver {
    private var throttle = TypingThrottle(interval: 1)

    /// Creates a hand-over that has let nothing through yet.
    package init() {}

    /// True when `command` should go to the engine at `now`; records a typing notice let through.
    package mutating func admits(_ command: ChatCommand, at now: Date) -> Bool {
        guard case .typing = command else {
            throttle.reset()
            return true
        }
        return throttle.shouldSend(at: now)
    }
}
