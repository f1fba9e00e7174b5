import Foundation
import NIOCore

/// Turns the error from opening the listening socket into the reason a person can act on.
enum BindFailure {
    /// "address already in use (…)", "permission denied (…)", or the error as NIO describes it.
    static func explain(_ error: (any Error)?, port: Int) -> String {
        guard let error else { return "the server stopped before it was listening" }
        if case .unknown? = underlying(error, as: SocketAddressError.self) {
            return "unknown host (it does not resolve to an address)"
        }
        switch underlying(error, as: IOError.self)?.errnoCode {
        case EADDRINUSE:
            return "address already in use (another program listens on port \(port); pick another --port, or 0 for any free one)"
        case EACCES:
            return "permission denied (ports below 1024 need privileges; pick a port of 1024 or above)"
        case EADDRNOTAVAIL:
            return "address not available (this machine has no such interface)"
        default:
            return String(describing: error)
        }
    }

    /// `error` itself when it is a `T`, else the first `T` it wraps (the server and service group
    /// wrap the socket's error in their own), looked for by type a few levels down.
    static func underlying<T: Error>(_ error: any Error, as type: T.Type, depth: Int = 4) -> T? {
        if let match = error as? T { return match }
        guard depth > 0 else { return nil }
        for child in Mirror(reflecting: error).children {
            if let inner = child.value as? any Error, let match = underlying(inner, as: type, depth: depth - 1) {
                return match
            }
        }
        return nil
    }
}
