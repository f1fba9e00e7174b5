import ChatModel
import Foundation

/// Decides which typing notices a UI hands to its engine: at most one a second.
///
/// The engine sends one every few seconds at most anyway; handing one over per key woke a
/// thread of the pool after every echo. Any other command (a message, say) starts the engine's
/// own interval again, so the next key's notice goes at once.
struct TypingHandOver {
    /// Shortest time between two typing notices handed over.
    static let interval: TimeInterval = 1

    private var last = Date.distantPast

    /// True when `command` should go to the engine at `now`; records a typing notice let through.
    mutating func admits(_ command: ChatCommand, at now: Date) -> Bool {
        guard case .typing = command else {
            last = .distantPast
            return true
        }
        guard now.timeIntervalSince(last) >= Self.interval else { return false }
        last = now
        return true
    }
}
