import AmazonConnect
import ArgumentParser
import ChatEngine
import DemoServer
import Foundation

/// `helpline demo` (the default): the embedded demo contact center plus a chat with it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start the embedded demo contact center on 127.0.0.1 and chat with it (the default).",
        discussion: """
            No account needed: a scripted bot answers, and asking for an agent queues you for a live agent:
            the scripted persona Ava, or a person at `helpline agent` when one is signed in.
              helpline demo
              helpline demo --flow default --display-name Maria --plain
              helpline demo --port 8080     # then, in another terminal: helpline agent --name Sam
            """)

    @Option(name: .long, help: ArgumentHelp("The demo flow to run (a file NAME.json in the flows folder).", valueName: "name"))
    var flow: String = "default"

    @Option(name: .long, help: ArgumentHelp("A folder of flow files to use instead of the bundled ones.", valueName: "dir"))
    var flows: String?

    @Option(name: .long, help: ArgumentHelp("Your name in the chat.", valueName: "name"))
    var displayName: String?

    @Option(name: .long, help: ArgumentHelp(
        "Port of the embedded contact center (0 picks a free one); a fixed port lets `helpline agent` join.",
        valueName: "port"))
    var port: Int = 0

    @Option(name: .customLong("protocol"), help: ArgumentHelp("The wire protocol: connect (default) or polyai.", valueName: "name"))
    var wireProtocol: DemoProtocol = .connect

    @OptionGroup var common: CommonOptions

    @OptionGroup var terminal: TerminalOptions

    func validate() throws {
        if let flows { try ServeCommand.checkDirectory(flows) }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard !flow.isEmpty, !flow.contains("/") else { throw ValidationError("--flow takes a flow name, not a path") }
    }

    func run() async throws {
        let logger = try LoggingSetup.bootstrap(file: common.logFile, level: common.logLevel)
        let runner = try ChatRunner(options: common, logger: logger, terminal: terminal, embeddedDemo: true)
        let configuration = DemoServerConfiguration(
            port: port, flowsDirectory: flows.map { URL(fileURLWithPath: $0) }, flowName: flow)
        let server: DemoContactCenter
        do {
            server = try await DemoContactCenter.start(configuration)
        } catch {
            throw HelplineError("could not start the demo contact center: \(error)")
        }
        let name = displayName ?? ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty || $0 == "root" ? nil : $0.capitalized } ?? "Customer"
        if wireProtocol == .polyai {
            let code: Int32
            do {
                code = try await PolyAIDemo.run(
                    server: server, runner: runner, displayName: name)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            if code != 0 { throw ExitCode(code) }
            return
        }
        let start = ConnectChatStart.template(
            url: server.startChatURL.absoluteString, displayName: name, instanceId: nil, contactFlowId: nil)
        let endpoint = server.baseURL
        let code: Int32
        do {
            let key = SessionStore.key(profile: "demo", endpoint: endpoint.absoluteString)
            code = try await ResumingChatLoop(runner: runner, store: SessionStore(), key: key, forceNew: common.startsFresh)
                .run(connect: start, endpoint: endpoint)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        if code != 0 { throw ExitCode(code) }
    }
}
