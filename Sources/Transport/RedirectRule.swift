import Foundation
import SessionCore

/// Which redirects a REST call follows, decided by the transport itself (the HTTP clients hand every
/// 3xx back): one to the same origin (scheme, host and port) is followed; one to another origin is
/// followed only when the call carries no credential, since a bearer token, an API key or a
/// signature must never reach a host it was not given for. A refused redirect ends the call with
/// ``RefusedRedirect``, which each front end tells in one line.
enum RedirectRule {
    /// Redirects followed for one call before it fails.
    static let maxHops = 5

    /// The next request of a redirect that is followed.
    struct Hop: Equatable {
        /// The method (a 303, or a 301/302 of a `POST`, becomes `GET`).
        var method: String
        /// The absolute URL.
        var url: String
        /// False when the body (and its content headers) is dropped with the change to `GET`.
        var keepsBody: Bool
    }

    /// What to do with one answer.
    enum Decision: Equatable {
        /// Not a redirect to follow: the answer is the call's.
        case answer
        /// Send the call again here.
        case follow(Hop)
        /// The call carries credentials and the redirect leaves the origin: stop.
        case refuse(RefusedRedirect)
    }

    /// The decision for an answer with `status` and `location` to `method url` sent with `headers`.
    static func decide(status: Int, location: String?, method: String, url: String, headers: [(String, String)]) -> Decision {
        guard [301, 302, 303, 307, 308].contains(status), let location, let base = URL(string: url),
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let targetScheme = target.scheme?.lowercased(), targetScheme == "http" || targetScheme == "https",
            let from = origin(of: base), let to = origin(of: target)
        else { return .answer }
        if from != to, headers.contains(where: { TraceRedactor.isSecretName($0.0) }) {
            return .refuse(RefusedRedirect(from: from, to: to))
        }
        let upper = method.uppercased()
        let becomesGet = (status == 303 && upper != "HEAD") || ((status == 301 || status == 302) && upper == "POST")
        return .follow(Hop(method: becomesGet ? "GET" : method, url: target.absoluteString, keepsBody: !becomesGet))
    }

    /// `scheme://host:port` (the port always written, so `http://a` and `http://a:80` are one origin).
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed):\(port)"
    }
}
