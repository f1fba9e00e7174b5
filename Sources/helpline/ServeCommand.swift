import ArgumentParser
import DemoServer
import Dispatch
import Foundation
import HelplineScript
import TerminalRuntime
import TerminalUI
import Logging

/// `helpline serve`: the demo contact center alone, until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the demo contact center alone (Amazon Connect and PolyAI protocols) until Ctrl-C.",
        discussion: """
            Prints the URLs to give clients:
              helpline serve --port 8080
              helpline connect --start-url http://127.0.0.1:8080/Prod --endpoint-url http://127.0.0.1:8080 --display-name Maria
            Faults for testing resilience (see docs/demo-server.md):
              helpline serve --faults drop-every=20s,rest-fail=0.05,latency=200ms,jitter=50ms
            As a local emulator for browser widgets and the AWS SDKs (CORS, one log line per request):
              helpline serve --port 8080 --cors-origin http://localhost:3000 --log-level info
            HTTPS and WSS with a certificate from a local CA (its path is printed; trust it in your client):
              helpline serve --tls
            """)

    @Option(name: .long, help: ArgumentHelp(
        "Address to listen on (loopback by default). Any other address is reachable from the network: a warning is printed and the agent desk asks for a desk token.",
        valueName: "host"))
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp(
        "The token `helpline agent` must give to use the agent desk (default: none on loopback; made and printed once on any other address).",
        valueName: "token"))
    var deskToken: String?

    @Option(name: .long, help: ArgumentHelp("Port to listen on; 0 picks a free one.", valueName: "port"))
    var port: Int = 0

    @Option(name: .long, help: ArgumentHelp("A folder of flow files to use instead of the bundled ones.", valueName: "dir"))
    var flows: String?

    @Option(name: .long, help: ArgumentHelp("The flow new chats run.", valueName: "name"))
    var flow: String = "default"

    @Option(name: .long, help: ArgumentHelp("Faults to inject, e.g. drop-every=20s,rest-fail=0.05.", valueName: "spec"))
    var faults: String?

    @Option(name: .long, help: ArgumentHelp("The bot's reply delay in milliseconds, also the pace of streamed replies (a quarter of it per chunk).", valueName: "ms"))
    var replyDelay: Int = 700

    @Option(name: .long, help: ArgumentHelp("A browser origin allowed to call the server (CORS), e.g. http://localhost:3000; repeat for more. Default: any origin.", valueName: "origin"))
    var corsOrigin: [String] = []

    @Option(name: .long, help: ArgumentHelp("Log level: info logs one line per request (method, path, status, ms, contact id; never tokens) on stderr.", valueName: "level"))
    var logLevel: String = "notice"

    @Flag(name: .long, help: "Serve HTTPS and WSS with a certificate from a local CA kept in the state folder (its path is printed).")
    var tls = false

    @Option(name: .long, help: ArgumentHelp("A PEM certificate (chain) to serve HTTPS and WSS with, instead of the local CA's.", valueName: "file"))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    @Option(name: .long, help: ArgumentHelp(
        "How late (ms) the emulator's event loops, chats' state or own once-a-second check may answer before it says that it is saturated: the limit of a load test, not the contact center it plays.",
        valueName: "ms"))
    var saturationLag: Int = 250

    @Flag(name: .long, help: "Do not watch the emulator's own load (by default it says when it, not the clients, is the limit).")
    var noSaturationGuard = false

    @OptionGroup var profile: ProfileOption

    func validate() throws {
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
        }
        for origin in corsOrigin {
            if let problem = DemoServerConfiguration.corsOriginProblem(origin) { throw ValidationError("--cors-origin: \(problem)") }
        }
        guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together") }
        for file in [tlsCert, tlsKey].compactMap({ $0 }) where !FileManager.default.isReadableFile(atPath: file) {
            throw ValidationError("cannot read \(file)")
        }
        guard (1...600_000).contains(replyDelay) else { throw ValidationError("--reply-delay must be between 1 and 600000 ms") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (0...600_000).contains(saturationLag) else { throw ValidationError("--saturation-lag must be between 0 and 600000 ms") }
        if let deskToken, deskToken.count < 16 || deskToken.contains(where: { $0.isWhitespace || !$0.isASCII }) {
            throw ValidationError("--desk-token must be at least 16 printable ASCII characters, without spaces")
        }
        if let flows { try Self.checkDirectory(flows) }
        if let faults {
            do { _ = try DemoFaults.parse(faults) } catch { throw ValidationError("--faults: \(error)") }
        }
    }

    /// Fails validation unless `path` is an existing folder.
    static func checkDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("the flows folder does not exist: \(path)")
        }
    }

    func run() async throws {
        var configuration = DemoServerConfiguration(
            host: host, port: port, flowsDirectory: flows.map { URL(fileURLWithPath: $0) }, flowName: flow,
            replyDelay: .milliseconds(replyDelay), faults: try faults.map(DemoFaults.parse) ?? DemoFaults())
        configuration.corsOrigins = corsOrigin.isEmpty ? nil : corsOrigin
        configuration.deskToken = deskToken
        let level = Logger.Level(rawValue: logLevel.lowercased()) ?? .notice
        var logger = Logger(label: "helpline.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        configuration.logger = logger
        if let tlsCert, let tlsKey {
            configuration.tls = DemoTLS(source: .files(certificate: URL(fileURLWithPath: tlsCert), key: URL(fileURLWithPath: tlsKey)))
        } else if tls {
            configuration.tls = .localAuthority()
        }
        let server: DemoContactCenter
        do {
            server = try await DemoContactCenter.start(configuration)
        } catch let error as DemoServerError {
            throw HelplineError("\(error)")
        } catch {
            throw HelplineError("could not start the demo contact center on \(host):\(port): \(error)")
        }
        let base = server.baseURL.absoluteString
        if server.isExposed {
            Self.say("listening on \(server.listeningURL)\(Self.reach(server))")
            StandardStreams.err(
                "WARNING: the demo contact center listens beyond loopback, at \(server.listeningURL): anyone on the network can reach it. It is a test server, not a service; its agent desk asks for the desk token.")
            if deskToken == nil, let made = server.deskToken {
                Self.say("desk token:     \(made)  (shown once: give it to helpline agent --desk-token, or HELPLINE_DESK_TOKEN)")
            }
        } else {
            Self.say("listening on \(server.listeningURL)")
        }
        if let authority = server.certificateAuthority {
            Self.say("TLS CA:         \(authority.path)  (trust it: curl --cacert, NODE_EXTRA_CA_CERTS, AWS_CA_BUNDLE)")
        }
        Self.say("start-chat URL: \(server.startChatURL.absoluteString)")
        let trust = server.certificateAuthority.map { " --ca-file \($0.path)" } ?? ""
        Self.say("connect with:   helpline connect --start-url \(server.startChatURL.absoluteString) --endpoint-url \(base) --display-name NAME\(trust)")
        for line in PolyAIDemo.serveLines(server) { Self.say(line) }
        let desk = server.deskToken == nil ? "" : " --desk-token TOKEN"
        Self.say("agent console:  helpline agent --server \(base) --name NAME\(desk)")
        var limits = ServerLoadLimits()
        limits.lag = .milliseconds(saturationLag)
        let watch = noSaturationGuard ? nil : ServerLoadWatch(
            server, limits: limits, cores: CPUMeter.process.cores, processTime: CPUMeter.process.processTime
        ) {
            Self.say(ServeLoadText.line($0))
        }
        await Self.waitForTerminationSignal()
        Self.say("stopping")
        await watch?.stop()
        if let total = watch?.total { Self.say(ServeLoadText.total(total)) }
        await server.stop()
    }

    /// " (every IPv4 address of this machine)" for a wildcard bind; nothing for one address.
    static func reach(_ server: DemoContactCenter) -> String {
        switch server.configuration.host {
        case "0.0.0.0", "": " (every IPv4 address of this machine)"
        case "::", "[::]": " (every address of this machine)"
        default: ""
        }
    }

    /// Writes a line to stdout at once (no buffering, so scripts see the URL immediately).
    static func say(_ line: String) {
        StandardStreams.out(line)
    }

    /// Returns when SIGINT or SIGTERM arrives.
    static func waitForTerminationSignal() async {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        for await _ in stream { break }
        for source in sources { source.cancel() }
    }
}
