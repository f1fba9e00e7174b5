import AsyncHTTPClient
import Foundation
import Synchronization

/// The process-wide AsyncHTTPClient clients the transports share: one for direct connections and
/// one per proxy (which tunnels every request with CONNECT), each made when first needed and kept
/// for the life of the process, like `HTTPClient.shared`.
///
/// They do not retry failed connection attempts on their own: the engine has its own backoff, and
/// a wrong URL should fail in milliseconds, not after the request timeout.
enum EngineHTTPClients {
    private static let clients = Mutex<[ProxyServer?: HTTPClient]>([:])

    /// The client for connections through `proxy` (nil: direct).
    static func client(through proxy: ProxyServer?) -> HTTPClient {
        clients.withLock { clients in
            if let client = clients[proxy] { return client }
            let client = make(through: proxy)
            clients[proxy] = client
            return client
        }
    }

    private static func make(through proxy: ProxyServer?) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        if let tls = TransportDefaults.current.tls.configuration() { configuration.tlsConfiguration = tls }
        if let proxy {
            configuration.proxy = .server(
                host: proxy.host, port: proxy.port,
                authorization: proxy.username.map { .basic(username: $0, password: proxy.password ?? "") })
        }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }
}
