import Foundation
import Synchronization

/// The host and port the `aws/chat` socket URLs name, from the request's `Host`.
///
/// Amazon Connect's JavaScript client (amazon-connect-chatjs) opens only `wss://` URLs and, for a
/// local emulator, `ws://127.0.0.1:` ones (spec §3.1); any other `ws://` URL it silently never opens.
/// A page served from `http://localhost:PORT` or `http://[::1]:PORT` would therefore get a socket
/// URL it ignores. So without TLS, a request that came to a loopback host is handed
/// `ws://127.0.0.1:PORT` — when the server listens there (on 127.0.0.1 or a wildcard); a server bound
/// only to `::1` keeps the host it was asked by, the one that reaches it.
final class SocketAuthority: Sendable {
    /// The address the server is bound to, once it is.
    private let boundAddress = Mutex<String?>(nil)

    /// An authority whose socket URLs name the host each request came to, until ``bound(to:)``.
    init() {}

    /// Notes the address the listening socket is bound to.
    func bound(to address: String?) { boundAddress.withLock { $0 = address } }

    /// The authority for the socket URL of a request that came to `requested` (`host[:port]`).
    func authority(for requested: String, secure: Bool) -> String {
        Self.authority(for: requested, secure: secure, reachesIPv4Loopback: Self.reachesIPv4Loopback(boundAddress.withLock { $0 }))
    }

    /// The authority for a request that came to `requested`: `127.0.0.1` with its port when it is a
    /// loopback host, there is no TLS and the server is reachable on 127.0.0.1; else `requested`.
    static func authority(for requested: String, secure: Bool, reachesIPv4Loopback: Bool) -> String {
        guard !secure, reachesIPv4Loopback else { return requested }
        let (host, port) = split(requested)
        guard ListenAddress.isLoopback(host) else { return requested }
        return port.map { "127.0.0.1:\($0)" } ?? "127.0.0.1"
    }

    /// True when a server bound to `address` takes connections to 127.0.0.1 (bound there, or to a
    /// wildcard; `::` takes IPv4 too where the system maps it, Linux's default).
    static func reachesIPv4Loopback(_ address: String?) -> Bool {
        switch address {
        case "127.0.0.1", "0.0.0.0", "::", "::ffff:127.0.0.1": true
        default: false
        }
    }

    /// `host[:port]` in two: an IPv6 host keeps its brackets; the port is nil when there is none.
    static func split(_ authority: String) -> (host: String, port: String?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            return (host, rest.hasPrefix(":") ? String(rest.dropFirst()) : nil)
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (authority, nil) }
        return (String(parts[0]), String(parts[1]))
    }
}
