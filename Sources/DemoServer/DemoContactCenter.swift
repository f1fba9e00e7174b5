import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The embedded demo contact center: Amazon Connect's template start-chat backend, Participant Service
/// REST API and `aws/chat` WebSocket on one loopback port, with a scripted bot and fault injection.
public final class DemoContactCenter: Sendable {
    /// `http://HOST:PORT`, the Participant Service endpoint.
    public let baseURL: URL
    /// `baseURL` + `/Prod`, the startChatContactAPI template backend.
    public let startChatURL: URL
    /// The configuration the server was started with.
    public let configuration: DemoServerConfiguration
    let hub: ContactCenterHub
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>
    private let faultTask: Task<Void, Never>

    private init(configuration: DemoServerConfiguration, baseURL: URL, hub: ContactCenterHub, group: ServiceGroup,
                 runTask: Task<Void, Never>)
    {
        self.configuration = configuration
        self.baseURL = baseURL
        self.startChatURL = baseURL.appendingPathComponent("Prod")
        self.hub = hub
        self.group = group
        self.runTask = runTask
        self.faultTask = FaultSchedule.start(configuration.faults, hub: hub, sleep: configuration.faultSleep)
    }

    /// Starts the server and returns once it is listening (the port is known).
    public static func start(_ configuration: DemoServerConfiguration = DemoServerConfiguration()) async throws
        -> DemoContactCenter
    {
        var logger = configuration.logger ?? Logger(label: "helpline.demo-server")
        if configuration.logger == nil { logger.logLevel = configuration.logLevel }
        let flow = try FlowLoader.load(name: configuration.flowName, directory: configuration.flowsDirectory)
        let hub = ContactCenterHub(configuration: configuration, flow: flow, logger: logger)
        let router = Router(context: BasicRequestContext.self)
        let fallbackAuthority = "\(configuration.host):\(configuration.port)"
        StartChatRoute(hub: hub, now: configuration.now).add(to: router)
        ParticipantRoutes(hub: hub, fallbackAuthority: fallbackAuthority).add(to: router)
        AttachmentStorageRoutes(hub: hub).add(to: router)
        DescribeViewRoute(hub: hub).add(to: router)
        PolyAIRoutes(hub: hub).add(to: router)
        AgentDeskRoutes(hub: hub).add(to: router)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int?.self)
        let app = Application(
            router: router,
            server: SocketEndpoint.serverBuilder(hub: hub),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "helpline-demo"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port)
                portContinuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let runTask = Task {
            do { try await group.run() } catch { logger.debug("demo server stopped: \(error)") }
            portContinuation.finish()
        }
        var bound: Int?
        for await port in ports {
            bound = port
            break
        }
        guard let port = bound, let url = URL(string: "http://\(urlHost(configuration.host)):\(port)") else {
            await group.triggerGracefulShutdown()
            await runTask.value
            throw DemoServerError.couldNotBind(host: configuration.host, port: configuration.port)
        }
        return DemoContactCenter(configuration: configuration, baseURL: url, hub: hub, group: group, runTask: runTask)
    }

    /// The host clients should use: loopback for a wildcard bind, IPv6 literals in brackets.
    private static func urlHost(_ host: String) -> String {
        switch host {
        case "0.0.0.0", "": return "127.0.0.1"
        case "::", "[::]": return "[::1]"
        default: return host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
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
    /// The listening socket could not be opened.
    case couldNotBind(host: String, port: Int)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .couldNotBind(let host, let port): return "demo server could not listen on \(host):\(port)"
        }
    }
}
