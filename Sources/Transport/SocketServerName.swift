import Foundation
import SessionCore

/// The name a socket sends in TLS SNI and checks the server's certificate against: the host of the
/// socket URL (which may differ from the REST host). TLS cannot name an IP address in SNI, so a
/// loopback address (127.0.0.0/8, ::1) is checked as `localhost` (the demo's certificate names
/// localhost, 127.0.0.1 and ::1); any other address over `wss://` is refused with a clear reason.
enum SocketServerName {
    /// Why a socket URL cannot be used.
    struct Problem: Error, Equatable, CustomStringConvertible {
        /// The explanation, naming the host.
        let description: String
    }

    /// The SNI and verification name for `url`, nil for a plain `ws://` URL.
    static func resolve(url: String) throws(Problem) -> String? {
        // The socket libraries narrow the port to 16 bits and trap on a larger one.
        if let problem = OutsideNumbers.portProblem(in: url) {
            throw Problem(description: "the socket URL \(TraceRedactor.url(url)): \(problem)")
        }
        // A URL Foundation cannot read is left to the WebSocket library, which reads (or refuses) it itself.
        guard let components = URLComponents(string: url) else { return nil }
        guard let rawHost = components.host, !rawHost.isEmpty else {
            throw Problem(description: "the socket URL \(TraceRedactor.url(url)) has no host")
        }
        let bracketed = rawHost.hasPrefix("[")
        let host = bracketed ? String(rawHost.dropFirst().dropLast()) : rawHost
        let address = IPAddress(host)
        guard components.scheme?.lowercased() == "wss" else { return nil }
        guard let address else { return host }
        guard address.isLoopback else {
            throw Problem(
                description: "cannot check a TLS certificate for the IP address \(host) of the socket: "
                    + "use the server's host name in the wss:// URL")
        }
        return "localhost"
    }
}
