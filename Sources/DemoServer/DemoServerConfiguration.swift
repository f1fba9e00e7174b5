import Foundation
import Logging

/// Settings for one embedded demo contact center.
public struct DemoServerConfiguration: Sendable {
    /// Interface to bind; loopback by default.
    public var host: String
    /// Port to bind; 0 picks a free ephemeral port.
    public var port: Int
    /// Directory with `<name>.json` flow files; `nil` uses the bundled flows.
    public var flowsDirectory: URL?
    /// Name of the flow to run for every new chat (file name without `.json`).
    public var flowName: String
    /// Pause between a bot's typing event and its reply (also the unit of a flow `pause`).
    public var replyDelay: Duration
    /// How long a socket URL from CreateParticipantConnection may be opened (100 s on the real service).
    public var socketURLLifetime: Duration
    /// Lifetime of a ConnectionToken (about 24 h on the real service).
    public var connectionTokenLifetime: Duration
    /// Faults to inject from the start (see `DemoFaults.parse`).
    public var faults: DemoFaults
    /// Level of the server's own log output (Hummingbird and demo logs); quiet by default.
    public var logLevel: Logger.Level
    /// Logger to use instead of one made from the global logging system (its own level applies).
    public var logger: Logger?
    /// Source of wall-clock time for timestamps and expiry checks (injectable for tests).
    public var now: @Sendable () -> Date
    /// How the timed faults wait (injected by tests to step through a schedule).
    public var faultSleep: @Sendable (Duration) async throws -> Void
    /// How flow timers wait: idle stages, queue-position ticks and handoff timeouts (injected by tests).
    public var timerSleep: @Sendable (Duration) async throws -> Void
    /// An agent console counts as online while it polled the desk within this time.
    public var agentPresenceWindow: Duration
    /// How the `latency`/`jitter` faults hold REST answers and socket frames (injected by tests).
    public var latencySleep: @Sendable (Duration) async throws -> Void
    /// Browser origins allowed to call the server (CORS); nil allows any origin, as the service does.
    public var corsOrigins: [String]?
    /// HTTPS and WSS instead of plain HTTP and WS (nil: plain).
    public var tls: DemoTLS?
    /// Time limits for idle and half-sent HTTP requests.
    public var connectionLimits: DemoConnectionLimits
    /// The token every agent-desk call (`/agent/…`) must carry in `X-Desk-Token`. Nil on loopback
    /// asks for none; nil on any other address has the server make one (``DemoContactCenter/deskToken``).
    public var deskToken: String?

    /// How long a sign-in link from GetAuthenticationUrl works (one minute on the real service).
    public var authenticationLinkLifetime: Duration = .seconds(60)
    /// Creates a configuration; every parameter has a sensible default for interactive use.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        flowsDirectory: URL? = nil,
        flowName: String = "default",
        replyDelay: Duration = .milliseconds(700),
        socketURLLifetime: Duration = .seconds(100),
        connectionTokenLifetime: Duration = .seconds(24 * 3600),
        faults: DemoFaults = DemoFaults(),
        logLevel: Logger.Level = .critical,
        logger: Logger? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.flowsDirectory = flowsDirectory
        self.flowName = flowName
        self.replyDelay = replyDelay
        self.socketURLLifetime = socketURLLifetime
        self.connectionTokenLifetime = connectionTokenLifetime
        self.faults = faults
        self.logLevel = logLevel
        self.logger = logger
        self.now = now
        self.faultSleep = { try await Task.sleep(for: $0) }
        self.timerSleep = { try await Task.sleep(for: $0) }
        self.agentPresenceWindow = .seconds(10)
        self.latencySleep = { try await Task.sleep(for: $0) }
        self.corsOrigins = nil
        self.tls = nil
        self.connectionLimits = DemoConnectionLimits()
        self.deskToken = nil
    }

    /// Why `origin` cannot be a CORS origin (nil when it can): it must look like `https://host[:port]`.
    public static func corsOriginProblem(_ origin: String) -> String? {
        CORSPolicy.validate(origin: origin)
    }
}
