import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SessionCore

/// How one HTTP request travels: straight to the server, through a proxy's CONNECT tunnel
/// (`https://`), or to the proxy in absolute form (plain `http://`).
enum HTTPRoute: Sendable, Equatable {
    /// Straight to the server.
    case direct
    /// A CONNECT tunnel through the proxy, TLS to the server inside it.
    case tunnel(ProxyServer)
    /// The whole URL to the proxy, which forwards the request.
    case forward(ProxyServer)

    /// The route for `url` under `rules`.
    init(url: String, rules: ProxyRules) {
        guard let proxy = rules.proxy(for: url) else {
            self = .direct
            return
        }
        self = URLComponents(string: url)?.scheme?.lowercased() == "http" ? .forward(proxy) : .tunnel(proxy)
    }

    /// The proxy on the way, if any.
    var proxy: ProxyServer? {
        switch self {
        case .direct: nil
        case .tunnel(let proxy), .forward(let proxy): proxy
        }
    }

    /// Runs `request` (whose body, if any, is `bodyLength` bytes) with `tls` for `https://` and returns
    /// once the response head came. Redirects are followed by the HTTP client only when
    /// `followsRedirects` (file transfers); REST calls get every 3xx back (see ``RedirectRule``), and
    /// a request forwarded to a proxy never follows one.
    func execute(
        _ request: HTTPClientRequest, bodyLength: Int64?, timeout: Duration, tls: TransportTLS, followsRedirects: Bool
    ) async throws -> HTTPClientResponse {
        // The HTTP library narrows the port to 16 bits and traps on a larger one.
        if let problem = OutsideNumbers.portProblem(in: request.url) {
            throw BackendError.network(TransportFailure(.unreachable, "cannot connect to \(TraceRedactor.url(request.url)): \(problem)"))
        }
        let deadline = TimeAmount.nanoseconds(Int64(timeout.seconds * 1e9))
        switch self {
        case .direct:
            return try await EngineHTTPClients.client(through: nil, tls: tls, followsRedirects: followsRedirects)
                .execute(request, timeout: deadline)
        case .tunnel(let proxy):
            return try await EngineHTTPClients.client(through: proxy, tls: tls, followsRedirects: followsRedirects)
                .execute(request, timeout: deadline)
        case .forward(let proxy):
            let response = try await ProxyForwarder(proxy: proxy).execute(request, bodyLength: bodyLength, timeout: timeout)
            if response.status == .proxyAuthenticationRequired {
                throw ProxyForwarder.Refusal(failure: NetworkErrorText.refusal(response.status, proxy: proxy))
            }
            return response
        }
    }
}
