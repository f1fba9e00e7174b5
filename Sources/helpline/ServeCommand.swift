import ArgumentParser
import DemoServer
import Dispatch
import Foundation

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
              helpline serve --faults drop-every=20s,rest-fail=0.05
            """)

    @Option(name: .long, help: ArgumentHelp("Address to listen on (loopback by default).", valueName: "host"))
    var host: String = "127.0.0.1"

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

    func validate() throws {
        guard (1...600_000).contains(replyDelay) else { throw ValidationError("--reply-delay must be between 1 and 600000 ms") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
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
        let configuration = DemoServerConfiguration(
            host: host, port: port, flowsDirectory: flows.map { URL(fileURLWithPath: $0) }, flowName: flow,
            replyDelay: .milliseconds(replyDelay), faults: try faults.map(DemoFaults.parse) ?? DemoFaults())
        let server: DemoContactCenter
        do {
            server = try await DemoContactCenter.start(configuration)
        } catch {
            throw HelplineError("could not start the demo contact center on \(host):\(port): \(error)")
        }
        let base = server.baseURL.absoluteString
        Self.say("listening on \(base)")
        Self.say("start-chat URL: \(server.startChatURL.absoluteString)")
        Self.say("connect with:   helpline connect --start-url \(server.startChatURL.absoluteString) --endpoint-url \(base) --display-name NAME")
        for line in PolyAIDemo.serveLines(server) { Self.say(line) }
        Self.say("agent console:  helpline agent --server \(base) --name NAME")
        await Self.waitForTerminationSignal()
        Self.say("stopping")
        await server.stop()
    }

    /// Writes a line to stdout at once (no buffering, so scripts see the URL immediately).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
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
