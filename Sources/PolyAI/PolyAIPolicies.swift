import ChatModel
import SessionCore
import Foundation

/// PolyAI's reconnect and lifecycle constants (spec §8), as values the engine can use.
public enum PolyAIPolicies {
    /// Reconnect backoff: `min(30, 2^(n-1)) × U(0.8, 1.2)` s, 10 attempts (server capability may override).
    public static let reconnect = BackoffPolicy(
        base: .seconds(1), multiplier: 2, cap: .seconds(30), jitter: 0.2, maxAttempts: 10)
    /// Flat delay after a transient network failure (close 4003 class).
    public static let networkReconnectDelay: Duration = .seconds(10)
    /// Default heartbeat interval.
    public static let heartbeatInterval: Duration = .seconds(30)
    /// Client idle timeout since the last activity.
    public static let idleTimeout: TimeInterval = 600
    /// A socket open longer than this is replaced transparently.
    public static let maxSocketAge: TimeInterval = 7200
    /// Shortest gap between two typing STARTED notices.
    public static let typingStartedInterval: TimeInterval = 3
    /// Quiet time after the last keystroke before STOPPED is sent.
    public static let typingStoppedDelay: Duration = .seconds(5)
    /// Send retry: wait this long for the echo before resending.
    public static let resendInterval: Duration = .seconds(3)
    /// Send retry: resends after the first send before the message fails.
    public static let maxResends = 3
}

/// What to do about a socket at a heartbeat tick (spec §10).
public enum PolyAILifecycleVerdict: Sendable, Equatable {
    /// Nothing.
    case keep
    /// The socket is older than two hours: replace it (same session, with cursor).
    case forceReconnect
    /// No activity for ten minutes: the session has expired; stop and say so.
    case expired
}

/// The two-hour and idle checks as a pure function of injected times.
public enum PolyAILifecycle {
    /// The verdict at `now` for a socket opened at `openedAt` and the last activity.
    public static func verdict(openedAt: Date?, lastActivity: Date?, now: Date) -> PolyAILifecycleVerdict {
        if let lastActivity, now.timeIntervalSince(lastActivity) > PolyAIPolicies.idleTimeout { return .expired }
        if let openedAt, now.timeIntervalSince(openedAt) > PolyAIPolicies.maxSocketAge { return .forceReconnect }
        return .keep
    }
}

/// How a socket's end is handled (spec §9.1).
public enum PolyAICloseAction: Sendable, Equatable {
    /// Normal end (1000): no reconnect; the chat is over.
    case end
    /// 4000 "Replacing connection" from the server: another connection took the session over;
    /// reconnecting would fight it, so stop and say so.
    case replaced
    /// The server no longer knows the session (4001, or a refused upgrade): new token + session.
    case newSession
    /// Transient network failure (4003 class: refused, unreachable, DNS, timeout): reconnect after a flat 10 s.
    case reconnectAfterNetworkDelay
    /// Anything else (1001, 1006, 4002, …): exponential reconnect with the same session and a cursor.
    case reconnect
}

/// Maps socket ends to actions.
public enum PolyAICloseCodes {
    /// The action for a socket that ended as `close` describes.
    public static func action(_ close: SocketClose) -> PolyAICloseAction {
        switch close {
        case .afterOpen(code: 1000): .end
        case .afterOpen(code: 4000): .replaced
        case .afterOpen(code: 4001), .upgradeRefused: .newSession
        case .afterOpen(code: 4003), .unreachable: .reconnectAfterNetworkDelay
        case .afterOpen: .reconnect
        }
    }
}

/// Outgoing typing: STARTED at most every 3 s, STOPPED 5 s after the last keystroke (spec §7.4).
struct PolyAITypingPolicy: Sendable {
    /// STARTED goes out at most once per ``PolyAIPolicies/typingStartedInterval`` of a burst.
    private var started = TypingThrottle(interval: PolyAIPolicies.typingStartedInterval)
    private var stoppedSent = true
    /// Incremented on every keystroke; a pending STOPPED only fires if it is still current.
    private(set) var generation = 0

    /// A keystroke at `now`: returns true when STARTED should be sent (the first keystroke after
    /// a STOPPED always sends one).
    mutating func keystroke(at now: Date) -> Bool {
        generation += 1
        if stoppedSent { started.reset() }
        guard started.shouldSend(at: now) else { return false }
        stoppedSent = false
        return true
    }

    /// The STOPPED timer for `generation` fired: returns true when STOPPED should be sent.
    mutating func stopDue(generation: Int) -> Bool {
        guard generation == self.generation, !stoppedSent else { return false }
        stoppedSent = true
        return true
    }
}
