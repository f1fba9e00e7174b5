import SessionCore
import Foundation

/// PolyAI's error taxonomy (spec §12), with messages a user can act on.
public enum PolyAIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connector token (API key) was refused or no access token could be obtained.
    case badAPIKey(String)
    /// The session expired (idle timeout or the server no longer knows it).
    case sessionExpired
    /// The session has ended.
    case sessionEnded(String)
    /// The network failed (or the server kept failing); worth retrying.
    case network(TransportFailure)
    /// The server spoke something we do not understand.
    case protocolError(String)
    /// The configuration is unusable (empty key, bad environment, bad URL).
    case invalidConfiguration(String)
    /// A call with the key or a token was redirected to another host, and not followed.
    case redirectRefused(RefusedRedirect)

    /// A one-line explanation for users (never contains the key or a token).
    public var description: String {
        switch self {
        case .badAPIKey(let detail):
            "PolyAI refused the API key (\(detail)); check --api-key / HELPLINE_POLYAI_API_KEY and --host-id"
        case .sessionExpired: "the PolyAI session expired; start a new chat"
        case .sessionEnded(let reason): "the PolyAI session has ended (\(reason))"
        case .network(let failure): "network error talking to PolyAI: \(failure.detail)"
        case .protocolError(let detail): "PolyAI protocol error: \(detail)"
        case .invalidConfiguration(let detail): "invalid PolyAI configuration: \(detail)"
        case .redirectRefused(let redirect): "PolyAI: \(redirect)"
        }
    }

    /// The engine's classification: bad keys and expiry never retry, the network does.
    public var backendError: BackendError {
        switch self {
        case .badAPIKey: .accessDenied(description)
        case .sessionExpired: .accessDenied(description)
        case .sessionEnded: .chatEnded
        case .network(let failure): .network(failure)
        case .protocolError(let detail): .protocolViolation(detail)
        case .invalidConfiguration: .notSent(description)
        case .redirectRefused(let redirect): .redirectRefused(redirect)
        }
    }
}
