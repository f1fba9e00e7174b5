import ChatModel
import Foundation

/// The connection life cycle as a plain value: inputs in, the next state and what to do out.
///
/// It holds no I/O; the ``ChatSession`` actor feeds it what happened and carries out the
/// returned ``Action``. Tested without sockets or clocks.
public struct ConnectionStateMachine: Sendable {
    /// What the owner should do next.
    public enum Action: Sendable, Equatable {
        /// Open a connection now.
        case connect
        /// Wait this long, then call ``retryDue()``.
        case wait(Duration)
        /// Nothing more to do; the state is terminal.
        case stop
        /// Nothing to do right now.
        case none
    }

    /// The current state.
    public private(set) var state: ConnectionState = .idle
    /// Retry attempts since the last successful open.
    public private(set) var attempt = 0
    /// The backoff policy in force.
    public let policy: BackoffPolicy
    /// Attempts allowed before the first successful open: a chat that never connected is
    /// most likely misconfigured, so it fails fast instead of retrying for minutes.
    public let firstConnectAttempts: Int
    /// True once a connection has opened.
    public private(set) var hasOpened = false
    /// True while the user has suspended the connection.
    public private(set) var isSuspended = false
    /// How long a connection must stay open for its loss to start the backoff over (short: a server
    /// that drops sockets every few seconds on purpose still gets quick reconnects; one that closes
    /// each as soon as it is live, as on a message too large to take, does not).
    public var stableAfter: TimeInterval = 3
    /// Connections in a row lost within ``stableAfter`` of opening (a server that takes the socket and
    /// drops it at once, or sends what the client cannot take): the backoff keeps growing across them.
    public private(set) var shortLivedInARow = 0
    /// When the connection open now opened.
    private var openedAt: Date?

    /// Creates a machine in `idle`.
    public init(policy: BackoffPolicy, firstConnectAttempts: Int = 3) {
        self.policy = policy
        self.firstConnectAttempts = firstConnectAttempts
    }

    /// The user or program asked to start.
    public mutating func start() -> Action {
        guard case .idle = state else { return .none }
        state = .connecting
        return .connect
    }

    /// The socket opened and is usable (at `now`, for telling a short-lived connection).
    public mutating func opened(now: Date? = nil) -> Action {
        guard !state.isTerminal, state != .closing else { return .none }
        state = .open
        attempt = 0
        hasOpened = true
        openedAt = now
        return .none
    }

    /// The user suspended the connection: disconnected, not trying, until ``resume()``.
    public mutating func suspend() -> Action {
        guard !state.isTerminal, state != .closing else { return .none }
        isSuspended = true
        state = .idle
        return .none
    }

    /// The user resumed a suspended connection.
    public mutating func resume() -> Action {
        guard isSuspended else { return .none }
        isSuspended = false
        // (A failure that came while suspended — the start's answer — is tried again; a closed chat stays closed.)
        if case .closed = state { return .none }
        attempt = 0
        state = .connecting
        return .connect
    }

    /// The connection was lost or could not be made.
    public mutating func lost(_ error: BackendError, now: Date, randomUnit: Double) -> Action {
        if isSuspended { return .none }
        if state == .closing {
            state = .closed(reason: .byYou)
            return .stop
        }
        guard !state.isTerminal else { return .stop }
        switch error {
        case .chatEnded:
            state = .closed(reason: .byServer)
            return .stop
        case .accessDenied(let message):
            state = .closed(reason: .unavailable(message))
            return .stop
        case .rejected, .notSent, .protocolViolation:
            state = .failed(reason: "\(error); press /retry to try again")
            return .stop
        case .redirectRefused:
            // Trying again meets the same redirect: the reason says what happened, and no more.
            state = .failed(reason: error.description)
            return .stop
        case .network, .unavailable, .socketUnavailable:
            if state == .open, let openedAt {
                shortLivedInARow = now.timeIntervalSince(openedAt) < stableAfter ? shortLivedInARow + 1 : 0
            }
            openedAt = nil
            attempt += 1
            if !hasOpened, attempt >= firstConnectAttempts {
                state = .failed(reason: "could not connect: \(error)")
                return .stop
            }
            guard policy.allows(attempt: attempt) else {
                state = .failed(reason: "gave up after \(attempt - 1) attempts (\(error)); /retry to try again")
                return .stop
            }
            // The budget counts attempts since the last open; the delay also counts the short-lived opens before it.
            let delay = policy.delay(attempt: attempt + shortLivedInARow, randomUnit: randomUnit)
            state = .reconnecting(attempt: attempt, nextRetryAt: now.addingTimeInterval(delay.seconds))
            return .wait(delay)
        }
    }

    /// Replaces the pending backoff delay with an exact one the protocol asked for (same attempt).
    public mutating func overrideDelay(_ delay: Duration, now: Date) -> Action {
        guard case .reconnecting(let attempt, _) = state else { return .none }
        state = .reconnecting(attempt: attempt, nextRetryAt: now.addingTimeInterval(delay.seconds))
        return .wait(delay)
    }

    /// The server forgot the session and a new one is being started: no longer open (the socket is gone).
    public mutating func renewing() -> Action {
        guard !state.isTerminal, state != .closing, !isSuspended else { return .none }
        state = .connecting
        openedAt = nil
        return .none
    }

    /// A new session replaced one the server forgot: connect to it now.
    public mutating func renewed() -> Action {
        guard !state.isTerminal, state != .closing, !isSuspended else { return .none }
        state = .connecting
        return .connect
    }

    /// The backoff delay has passed.
    public mutating func retryDue() -> Action {
        guard case .reconnecting = state else { return .none }
        state = .connecting
        return .connect
    }

    /// The user asked to retry after the engine gave up, or to skip the wait.
    public mutating func retryNow() -> Action {
        switch state {
        case .failed, .reconnecting:
            attempt = 0
            shortLivedInARow = 0
            state = .connecting
            return .connect
        default:
            return .none
        }
    }

    /// The user asked to end the chat.
    public mutating func endRequested() -> Action {
        guard !state.isTerminal else { return .none }
        state = .closing
        return .none
    }

    /// The chat ended (the server said so, or our disconnect went through).
    public mutating func ended(reason: EndReason) -> Action {
        guard !state.isTerminal else { return .stop }
        state = .closed(reason: reason)
        return .stop
    }

    /// Starting the chat failed for good.
    public mutating func failed(reason: String) -> Action {
        guard !state.isTerminal else { return .stop }
        state = .failed(reason: reason)
        return .stop
    }
}
