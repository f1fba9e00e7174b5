import Foundation

/// Leading-edge throttle for outgoing typing notices: at most one per interval.
public struct TypingThrottle: Sendable, Hashable {
    /// The shortest gap between two notices.
    public var interval: TimeInterval
    private var lastSent: Date?

    /// Creates a throttle (Amazon Connect clients use 10 s).
    public init(interval: TimeInterval = 10) {
        self.interval = interval
    }

    /// True when a notice may be sent at `now`; records it as sent.
    public mutating func shouldSend(at now: Date) -> Bool {
        if let lastSent, now.timeIntervalSince(lastSent) < interval { return false }
        lastSent = now
        return true
    }

    /// Until when a notice would be held back (nil: the next one goes).
    public var quietUntil: Date? { lastSent.map { $0.addingTimeInterval(interval) } }

    /// Forgets the last notice, so the next keystroke sends one (after a message is sent).
    public mutating func reset() {
        lastSent = nil
    }
}
