import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SessionCore
import WSClient

/// Turns a transport error into a ``TransportFailure``: its kind, read from the error's type and
/// case (refused, reset, timed out, TLS, DNS, unreachable), and a short cause a user can act on (a
/// TLS failure says untrusted, wrong name or expired; a proxy that refused says how). The place
/// (`host:port`, the proxy) is added by ``HTTPTransport/located(_:url:proxy:)``.
enum NetworkErrorText {
    /// The failure on `url` through `proxy` (nil: direct), its detail the cause and the place. A
    /// tunnel the proxy refused is asked for once more, to name the proxy's answer.
    static func explain(_ error: any Error, url: String, proxy: ProxyServer?) async -> TransportFailure {
        var cause = classify(error, proxy: proxy)
        if let components = URLComponents(string: url), let host = components.host {
            let secure = ["https", "wss"].contains(components.scheme?.lowercased() ?? "")
            let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
            let port = components.port ?? (secure ? 443 : 80)
            if let proxy, isTunnelRefusal(error),
               let status = await ProxyForwarder(proxy: proxy).tunnelStatus(host: bare, port: port),
               !(200..<300).contains(status.code) {
                cause = refusal(status, proxy: proxy)
            } else if proxy == nil, isVerificationFailure(error), let validity = await CertificateProbe.validity(host: bare, port: port) {
                cause = TransportFailure(.tls, CertificateProbe.explain(validity: validity))
            }
        }
        return cause.rephrased { HTTPTransport.located($0, url: url, proxy: proxy) }
    }

    /// A certificate from an issuer nobody here trusts.
    static let untrusted = "TLS failure: the certificate is not trusted (unknown issuer; --ca-file FILE trusts a private CA)"

    /// A certificate that failed verification, why not known (through a proxy the probe is not made).
    static let unverified =
        "TLS failure: the certificate could not be verified (an unknown issuer or an expired certificate; --ca-file FILE trusts a private CA)"

    /// What a proxy's refusal means, by its status (a 5xx: it could not reach the server).
    static func refusal(_ status: HTTPResponseStatus, proxy: ProxyServer) -> TransportFailure {
        let answer = "\(status.code) \(status.reasonPhrase)"
        switch status.code {
        case 401, 407:
            return TransportFailure(
                .refused,
                proxy.hasCredentials
                    ? "the proxy refused the credentials (\(answer))"
                    : "the proxy wants credentials (\(answer)): put them in the proxy URL, http://user:password@host:port")
        case 500...:
            return TransportFailure(.unreachable, "the proxy could not reach the server (\(answer))")
        default:
            return TransportFailure(.refused, "the proxy refused the tunnel (\(answer))")
        }
    }

    private static func isVerificationFailure(_ error: any Error) -> Bool {
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return isVerificationFailure(first.error)
        }
        return (error as? NIOSSLError).map(rejectsTheCertificate) ?? false
    }

    /// True when BoringSSL refused the server's certificate. NIOSSL keeps BoringSSL's error code
    /// private and gives only its printed form, in which the reason is BoringSSL's own identifier
    /// (`SSL_R_CERTIFICATE_VERIFY_FAILED` prints as `CERTIFICATE_VERIFY_FAILED`): this is the one
    /// decision taken on a library's printed error, and it is taken on that identifier alone.
    private static func rejectsTheCertificate(_ error: NIOSSLError) -> Bool {
        guard case .handshakeFailed(.sslError(let stack)) = error else { return false }
        return stack.contains { String(describing: $0).contains("CERTIFICATE_VERIFY_FAILED") }
    }

    private static func isTunnelRefusal(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError { return error == .invalidProxyResponse }
        if let error = error as? WebSocketClientError {
            return error == .proxyHandshakeFailed || error == .proxyHandshakeInvalidResponse
        }
        return false
    }

    /// The cause of `error` in words, for a connection made through `proxy` (nil: direct).
    static func describe(_ error: any Error, proxy: ProxyServer? = nil) -> String {
        classify(error, proxy: proxy).detail
    }

    /// The kind and cause of `error`, for a connection made through `proxy` (nil: direct), read from
    /// its type and case.
    static func classify(_ error: any Error, proxy: ProxyServer? = nil) -> TransportFailure {
        let viaProxy = proxy != nil
        if let error = error as? HTTPClientError {
            if error == .proxyAuthenticationRequired, let proxy { return refusal(.proxyAuthenticationRequired, proxy: proxy) }
            if error == .invalidProxyResponse { return TransportFailure(.refused, "the proxy refused to open a tunnel (its answer was not 200)") }
            if error == .httpProxyHandshakeTimeout { return TransportFailure(.timedOut, "the proxy did not answer the tunnel request in time") }
            if error == .connectTimeout || error == .deadlineExceeded || error == .readTimeout { return TransportFailure(.timedOut, "timed out") }
            if error == .remoteConnectionClosed { return TransportFailure(.closed, "the connection was closed before an answer came") }
        }
        if let error = error as? WebSocketClientError {
            if error == .proxyHandshakeFailed || error == .proxyHandshakeInvalidResponse {
                return TransportFailure(.refused, "the proxy refused to open a tunnel (a 403, or 407: credentials wanted or refused)")
            }
            if error == .proxyHandshakeTimeout { return TransportFailure(.timedOut, "the proxy did not answer the tunnel request in time") }
        }
        if let error = error as? ProxyForwarder.Refusal { return error.failure }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, let dns = error.dnsAError ?? error.dnsAAAAError {
                let reason = (dns as? SocketAddressError.UnknownHost)?.errorDescription ?? short(dns)
                return TransportFailure(.dns, "DNS failure: cannot resolve \(viaProxy ? "the proxy's host name " : "")\(error.host) (\(reason))")
            }
            if let first = error.connectionErrors.first { return classify(first.error, proxy: proxy) }
        }
        if let tls = tlsCause(error) { return TransportFailure(.tls, tls) }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return TransportFailure(.refused, viaProxy ? "the proxy refused the connection" : "connection refused")
            case ECONNRESET: return TransportFailure(.reset, "the connection was reset")
            case ETIMEDOUT: return TransportFailure(.timedOut, "timed out")
            case EHOSTUNREACH, ENETUNREACH: return TransportFailure(.unreachable, "no route to the host")
            default: break
            }
        }
        if case .connectTimeout? = error as? ChannelError { return TransportFailure(.timedOut, "timed out") }
        if let unknown = error as? SocketAddressError.UnknownHost {
            return TransportFailure(
                .dns, "DNS failure: cannot resolve \(viaProxy ? "the proxy's host name " : "")\(unknown.host) (\(unknown.errorDescription))")
        }
        return TransportFailure(.other, short(error))
    }

    /// A TLS failure's cause, or nil when `error` is not one.
    static func tlsCause(_ error: any Error) -> String? {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "TLS failure: the certificate is not for this host name (name mismatch)"
        }
        if let extra = error as? NIOSSLExtraError, extra == .cannotUseIPAddressInSNI {
            return "TLS failure: an IP address cannot be sent as the TLS server name; use a host name"
        }
        guard let ssl = error as? NIOSSLError else { return nil }
        let text = String(describing: ssl)
        if rejectsTheCertificate(ssl) { return unverified }
        if case .uncleanShutdown = ssl { return "TLS failure: the connection closed during the handshake" }
        return "TLS failure: \(short(text))"
    }

    private static func short(_ value: Any) -> String {
        let text = String(describing: value)
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
