import Foundation

/// What the connection to the contact center is doing, as shown in the status bar.
public enum ConnectionState: Sendable, Hashable {
    /// Nothing started yet.
    case idle
    /// Starting the chat or opening the socket for the first time.
    case connecting
    /// Connected; messages flow.
    case open
    /// Lost the connection; the next attempt (1-based) starts at `nextRetryAt`.
    case reconnecting(attempt: Int, nextRetryAt: Date)
    /// Ending the chat on request.
    case closing
    /// Ended normally; `reason` says why.
    case closed(reason: EndReason)
    /// Gave up; `reason` says why and what to do.
    case failed(reason: String)

    /// True once no further connection attempts will be made on their own.
    public var isTerminal: Bool {
        switch self {
        case .closed, .failed: true
        default: false
        }
    }

    /// True once the chat is over (not merely failed: a failed connection can be retried).
    public var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }

    /// A short description for status lines and logs.
    public var summary: String {
        switch self {
        case .idle: "idle"
        case .connecting: "connecting"
        case .open: "connected"
        case .reconnecting(let attempt, _): "reconnecting (attempt \(attempt))"
        case .closing: "ending"
        case .closed(let reason): "ended: \(reason)"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
