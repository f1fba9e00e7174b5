import Foundation

/// A failure reported by a backend, classified so the engine knows whether to retry.
public enum BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The network failed (refused, reset, timed out, DNS): worth retrying.
    case network(TransportFailure)
    /// The server failed or throttled (5xx, 429): worth retrying with backoff.
    case unavailable(status: Int, type: String, message: String)
    /// The credentials were refused (403): the chat has ended or the token is wrong.
    case accessDenied(String)
    /// The request was rejected as invalid (4xx other than 403/429): retrying will not help.
    case rejected(status: Int, type: String, message: String)
    /// Helpline did not send the request: it cannot be sent as it is (larger than the protocol takes,
    /// something the protocol does not carry, a configuration it cannot use); retrying will not help.
    case notSent(String)
    /// The server spoke something we do not understand.
    case protocolViolation(String)
    /// The chat has ended; nothing more can be sent.
    case chatEnded
    /// There is no open socket to write on (not the message's fault: it waits for the next one).
    case socketUnavailable
    /// The server sent an authenticated call to another origin; the credentials were not sent there.
    case redirectRefused(RefusedRedirect)

    /// True when trying the same thing again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case .network, .unavailable, .socketUnavailable: true
        case .accessDenied, .rejected, .notSent, .protocolViolation, .chatEnded, .redirectRefused: false
        }
    }

    /// True when the failed call may still have reached the server (a timeout or reset after the
    /// request went out, a gateway error), false when it surely did not (refused, throttled, no socket).
    public var mayHaveReachedServer: Bool {
        switch self {
        case .network(let failure): failure.mayHaveReachedServer
        case .unavailable(let status, _, _): status != 429 && status != 503
        case .accessDenied, .rejected, .notSent, .protocolViolation, .chatEnded, .socketUnavailable, .redirectRefused: false
        }
    }

    /// A one-line explanation for users.
    public var description: String {
        switch self {
        case .network(let failure): "network error: \(failure.detail)"
        case .unavailable(let status, let type, let message):
            "server unavailable (HTTP \(status) \(type)): \(message)"
        case .accessDenied(let message): "access denied: \(message)"
        case .rejected(let status, let type, let message): "request rejected (HTTP \(status) \(type)): \(message)"
        case .notSent(let reason): reason
        case .protocolViolation(let detail): "protocol error: \(detail)"
        case .chatEnded: "the chat has ended"
        case .socketUnavailable: "not connected"
        case .redirectRefused(let redirect): redirect.description
        }
    }
}
