/// Why a call or a connection got no answer, as the transport classified it: the kind decides
/// (whether the request may have reached the server, whether to retry), the detail is for people.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a decision needs it.
    public enum Kind: Sendable, Hashable {
        /// The server or the proxy refused the connection (or the tunnel): nothing was sent.
        case refused
        /// The connection was reset.
        case reset
        /// No answer in time (to connect, to the request, to a heartbeat or a sent message).
        case timedOut
        /// The TLS handshake failed: nothing was sent.
        case tls
        /// The host name could not be resolved: nothing was sent.
        case dns
        /// No route to the host, or a URL that cannot be reached: nothing was sent.
        case unreachable
        /// The connection (or socket) closed before an answer came.
        case closed
        /// Anything else.
        case other
    }

    /// What went wrong.
    public var kind: Kind
    /// The cause and the place in a few words ("connection refused (127.0.0.1:9)").
    public var detail: String

    /// A failure of `kind`, described by `detail`.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The detail.
    public var description: String { detail }

    /// False when the request surely did not reach the server (refused, a failed TLS handshake, an
    /// unknown host, no route); true when it may have (a reset or timeout after it went out).
    public var mayHaveReachedServer: Bool {
        switch kind {
        case .refused, .tls, .dns, .unreachable: false
        case .reset, .timedOut, .closed, .other: true
        }
    }

    /// The same failure described by `rewrite(detail)` (a caller adding what it was doing).
    public func rephrased(_ rewrite: (String) -> String) -> TransportFailure {
        TransportFailure(kind, rewrite(detail))
    }
}
