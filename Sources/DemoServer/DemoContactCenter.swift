import Foundation
import Hummingbird
import Logging
import Synchronization
import ServiceLifecycle

/// The embedded demo contact center: Amazon Connect's template start-chat backend, Participant Service
/// REST API and `aws/chat` WebSocket on one loopback port, with a scripted bot and fault injection.
public final class DemoContactCenter: Sendable {
    /// `http://HOST:PORT` (`https://` with TLS), the Participant Service endpoint.
    public let baseURL: URL
    /// `baseURL` + `/Prod`, the startChatContactAPI template backend.
    public let startChatURL: URL
    /// The configuration the server was started with.
    public let configuration: DemoServerConfiguration
    /// With TLS from the local CA: the CA certificate (PEM) a client must trust.
    public let certificateAuthority: URL?
    /// Where the server really listens, `scheme://address:port` (`http://0.0.0.0:8080` for a wildcard
    /// bind, where ``baseURL`` names loopback for clients on this machine).
    public let listeningURL: String
    /// True when the server listens beyond loopback: reachable from the network.
    public var isExposed: Bool { !ListenAddress.isLoopback(configuration.host) }
    /// The token the agent desk asks for (nil: none, on loopback without one configured).
    public let deskToken: String?
    let hub: ContactCenterHub
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>
    private let faultTask: Task<Void, Never>

    private init(configuration: DemoServerConfiguration, baseURL: URL, listeningURL: String, certificateAuthority: URL?,
                 hub: ContactCenterHub, group: ServiceGroup, runTask: Task<Void, Never>)
    {
        self.configuration = configuration
        self.baseURL = baseURL
        self.listeningURL = listeningURL
        self.deskToken = configuration.deskToken
        self.startChatURL = baseURL.appendingPathComponent("Prod")
        self.certificateAuthority = certificateAuthority
        self.hub = hub
        self.group = group
        self.runTask = runTask
        self.faultTask = FaultSchedule.start(configuration.faults, hub: hub, sleep: configuration.faultSleep)
    }

    /// Whether the server speaks HTTPS and WSS.
    public var isSecure: Bool { configuration.tls != nil }

    /// Starts the server and returns once it is listening (the port is known). On an address beyond
    /// loopback the agent desk always asks for a token: the one configured, else a new one.
    public static func start(_ given: DemoServerConfiguration = DemoServerConfiguration()) async throws
        -> DemoContactCenter
    {
        var configuration = given
        if configuration.deskToken == nil, !ListenAddress.isLoopback(configuration.host) {
            configuration.deskToken = DeskGuard.newToken()
        }
        var logger = configuration.logger ?? Logger(label: "helpline.demo-server")
        if configuration.logger == nil { logger.logLevel = configuration.logLevel }
        let flow = try FlowLoader.load(name: configuration.flowName, directory: configuration.flowsDirectory)
        let tls = try configuration.tls.map { try $0.prepare(now: configuration.now()) }
        let secure = tls != nil
        let hub = ContactCenterHub(configuration: configuration, flow: flow, logger: logger)
        let router = Router(context: BasicRequestContext.self)
        let fallbackAuthority = "\(urlHost(configuration.host)):\(configuration.port)"
        StartChatRoute(hub: hub, now: configuration.now).add(to: router)
        let sockets = SocketAuthority()
        ParticipantRoutes(hub: hub, fallbackAuthority: fallbackAuthority, secure: secure, sockets: sockets).add(to: router)
        AttachmentStorageRoutes(hub: hub).add(to: router)
        DescribeViewRoute(hub: hub).add(to: router)
        AuthenticationRoutes(hub: hub).add(to: router)
        PolyAIRoutes(hub: hub).add(to: router)
        AgentDeskRoutes(hub: hub, access: DeskGuard(token: configuration.deskToken)).add(to: router)
        let log = RequestLog(logger: logger)
        let frontDoor = DemoFrontDoor(
            inner: router.buildResponder(), hub: hub, cors: CORSPolicy(origins: configuration.corsOrigins.map(Set.init)),
            log: log, sleep: configuration.latencySleep)
        let (ports, portContinuation) = AsyncStream.makeStream(of: (port: Int, address: String?)?.self)
        let app = Application(
            responder: frontDoor,
            server: DemoHTTPChannel.builder(
                tls: tls?.context, limits: configuration.connectionLimits, log: log,
                decide: { await SocketEndpoint.decide($0, hub: hub) }),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "helpline-demo"),
            onServerRunning: { channel in
                sockets.bound(to: channel.localAddress?.ipAddress)
                portContinuation.yield(channel.localAddress?.port.map { ($0, channel.localAddress?.ipAddress) })
                portContinuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let failure = RunFailure()
        let runTask = Task {
            do { try await group.run() } catch {
                failure.error.withLock { $0 = error }
                logger.debug("demo server stopped: \(error)")
            }
            portContinuation.finish()
        }
        var bound: (port: Int, address: String?)?
        for await port in ports {
            bound = port
            break
        }
        let scheme = secure ? "https" : "http"
        guard let port = bound?.port, let url = URL(string: "\(scheme)://\(urlHost(configuration.host)):\(port)") else {
            await group.triggerGracefulShutdown()
            await runTask.value
            throw DemoServerError.couldNotBind(
                host: configuration.host, port: configuration.port,
                reason: BindFailure.explain(failure.error.withLock { $0 }, port: configuration.port))
        }
        let address = bound?.address.map(ListenAddress.bracketed) ?? urlHost(configuration.host)
        return DemoContactCenter(configuration: configuration, baseURL: url, listeningURL: "\(scheme)://\(address):\(port)",
                                 certificateAuthority: tls?.caCertificate, hub: hub, group: group, runTask: runTask)
    }

    /// The host clients should use: loopback for a wildcard bind, IPv6 literals in brackets.
    static func urlHost(_ host: String) -> String {
        switch host {
        case "0.0.0.0", "": return "127.0.0.1"
        case "::", "[::]": return "[::1]"
        default: return ListenAddress.bracketed(host)
        }
    }

    /// Stops the flows, closes every socket and shuts the server down gracefully and quietly.
    public func stop() async {
        faultTask.cancel()
        await hub.shutdown()
        await group.triggerGracefulShutdown()
        await runTask.value
    }
}

/// Errors from starting the demo server.
public enum DemoServerError: Error, Equatable, CustomStringConvertible {
    /// The listening socket could not be opened, and why (address in use, permission denied…).
    case couldNotBind(host: String, port: Int, reason: String)
    /// The TLS certificate or key could not be made or used.
    case tls(String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .couldNotBind(let host, let port, let reason):
            return "demo server could not listen on \(DemoContactCenter.urlHost(host)):\(port): \(reason)"
        case .tls(let reason): return "demo server TLS: \(reason)"
        }
    }
}

/// Why the server's run ended, noted by its task and read when the port never came.
private final class RunFailure: Sendable {
    let error = Mutex<(any Error)?>(nil)
}
