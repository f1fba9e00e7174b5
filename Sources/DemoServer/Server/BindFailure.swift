import Foundation
import NIOCore

/// Turns the error from opening the listening socket into the reason a person can act on.
enum BindFailure {
    /// "address already in use (…)", "permission denied (…)", or the error as NIO describes it.
    static func explain(_ error: (any Error)?, port: Int) -> String {
        guard let error else { return "the server stopped before it was listening" }
        let text = String(describing: error)
        let code = (error as? IOError)?.errnoCode ?? errno(in: text)
        switch code {
        case EADDRINUSE:
            return "address already in use (another program listens on port \(port); pick another --port, or 0 for any free one)"
        case EACCES:
            return "permission denied (ports below 1024 need privileges; pick a port of 1024 or above)"
        case EADDRNOTAVAIL:
            return "address not available (this machine has no such interface)"
        default:
            return text.contains("UnknownHost") ? "unknown host (it does not resolve to an address)" : text
        }
    }

    /// The `errno: N` a wrapped NIO error mentions, if any.
    private static func errno(in text: String) -> Int32? {
        guard let range = text.range(of: "errno: ") else { return nil }
        return Int32(text[range.upperBound...].prefix { $0.isNumber })
    }
}
