import AsyncHTTPClient
import Foundation
import Synchronization

/// The process-wide AsyncHTTPClient clients the transports share: one for each way out (direct, or
/// through a proxy, which tunnels every request with CONNECT), TLS setting and redirect handling
/// (REST calls follow redirects themselves, by ``RedirectRule``; file transfers leave it to the
/// client), each made when first needed and kept for the life of the process, like `HTTPClient.shared`.
///
/// They do not retry failed connection attempts on their own: the engine has its own backoff, and
/// a wrong URL should fail in milliseconds, not after the request timeout.
enum EngineHTTPClients {
    /// What tells two clients apart: the proxy they go through (nil: direct), their TLS setting and
    /// whether they follow redirects.
    private struct Key: Hashable {
        var proxy: ProxyServer?
        var tls: TransportTLS
        var followsRedirects: Bool
    }

    private static let clients = Mutex<[Key: HTTPClient]>([:])

    /// The client for connections through `proxy` (nil: direct) with `tls`, following redirects or not.
    static func client(through proxy: ProxyServer?, tls: TransportTLS, followsRedirects: Bool) -> HTTPClient {
        let key = Key(proxy: proxy, tls: tls, followsRedirects: followsRedirects)
        return clients.withLock { clients in
            if let client = clients[key] { return client }
            let client = make(key)
            clients[key] = client
            return client
        }
    }

    private static func make(_ key: Key) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        if !key.followsRedirects { configuration.redirectConfiguration = .disallow }
        if let tls = key.tls.configuration() { configuration.tlsConfiguration = tls }
        if let proxy = key.proxy {
            configuration.proxy = .server(
                host: proxy.host, port: proxy.port,
                authorization: proxy.username.map { .basic(username: $0, password: proxy.password ?? "") })
        }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
