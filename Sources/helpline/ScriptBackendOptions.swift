import AmazonConnect
import ArgumentParser
import ChatEngine
import DemoServer
import Foundation
import SessionCore
import PolyAI

/// Where `helpline script` chats: the embedded demo (default), a start-chat URL, a participant token,
/// or a PolyAI agent (`--api-key`).
struct ScriptBackendOptions: ParsableArguments {
    @OptionGroup var connect: ConnectTargetOptions

    @Option(name: .long, help: ArgumentHelp("The customer's name in the chats.", valueName: "name"))
    var displayName: String = "Script"

    @Option(name: .long, help: ArgumentHelp("PolyAI: the connector token (or $HELPLINE_POLYAI_API_KEY).", valueName: "key"))
    var apiKey: String?

    @Option(name: .long, help: ArgumentHelp("PolyAI: us (default), uk, euw or cluster:NAME.", valueName: "env"))
    var environment: String?

    @Option(name: .long, help: ArgumentHelp("PolyAI: custom REST base including /api/v1 (with --ws-url).", valueName: "url"))
    var restUrl: String?

    @Option(name: .long, help: ArgumentHelp("PolyAI: custom socket endpoint (with --rest-url).", valueName: "url"))
    var wsUrl: String?

    @Option(name: .long, help: ArgumentHelp("PolyAI: the X-Host the connector is registered for.", valueName: "id"))
    var hostId: String?

    @Option(name: .long, help: ArgumentHelp("Demo backend: the flow to run.", valueName: "name"))
    var flow: String = "default"

    @Option(name: .long, help: ArgumentHelp("Demo backend: a folder of flow files.", valueName: "dir"))
    var flows: String?

    /// A backend factory and how to tear it down.
    struct Target: Sendable {
        let makeWire: @Sendable () throws -> any ChatWire
        let stop: @Sendable () async -> Void
    }

    func validate() throws {
        let chosen = [connect.startUrl != nil, connect.participantToken != nil, usesPolyAI].filter { $0 }.count
        if chosen > 1 { throw ValidationError("give one backend: --start-url, --participant-token or --api-key/--rest-url") }
        if (restUrl == nil) != (wsUrl == nil) { throw ValidationError("--rest-url and --ws-url go together") }
        if let flows { try ServeCommand.checkDirectory(flows) }
        guard !flow.isEmpty, !flow.contains("/") else { throw ValidationError("--flow takes a flow name, not a path") }
    }

    /// The participant token, when the script joins an existing chat.
    var participantToken: String? { connect.participantToken }

    /// True when a PolyAI option is given.
    var usesPolyAI: Bool { apiKey != nil || restUrl != nil || environment != nil }

    /// True when no backend is given, so the script chats with the embedded demo on loopback.
    var runsEmbeddedDemo: Bool { !usesPolyAI && connect.startUrl == nil && connect.participantToken == nil }

    /// Starts the demo when no backend is given; returns how to make a backend per conversation.
    func makeTarget() async throws -> Target {
        let name = displayName
        if usesPolyAI {
            let options: PolyAIOptions
            do {
                let settings = try PolyAISettings.resolve(
                    apiKey: apiKey, environment: environment, restURL: restUrl, socketURL: wsUrl, hostId: hostId)
                // The name goes with the join, as `helpline polyai --display-name` sends it: a bot that greets by
                // name greets the script's customer, as it did the person whose chat was recorded.
                options = PolyAIOptions(
                    apiKey: settings.apiKey, hostId: settings.hostId, environment: settings.environment, displayName: name)
                try options.validate()
            } catch {
                throw HelplineError("\(error)")
            }
            return Target(makeWire: { PolyAIWire(options: options, ids: .random()) }, stop: {})
        }
        if runsEmbeddedDemo {
            let configuration = DemoServerConfiguration(flowsDirectory: flows.map { URL(fileURLWithPath: $0) }, flowName: flow)
            let server: DemoContactCenter
            do {
                server = try await DemoContactCenter.start(configuration)
            } catch {
                throw HelplineError("could not start the demo contact center: \(error)")
            }
            let startURL = server.startChatURL.absoluteString
            let endpoint = server.baseURL
            let connect = self.connect
            return Target(
                makeWire: {
                    connect.wire(
                        start: .template(url: startURL, displayName: name, instanceId: nil, contactFlowId: nil), endpoint: endpoint)
                },
                stop: { await server.stop() })
        }
        let endpoint = try connect.participantEndpoint()
        let start: ConnectChatStart
        if let startUrl = connect.startUrl {
            start = .template(
                url: startUrl, displayName: name, instanceId: connect.instanceId, contactFlowId: connect.contactFlowId)
        } else {
            start = .participantToken(connect.participantToken ?? "", displayName: name)
        }
        let connect = self.connect
        return Target(makeWire: { connect.wire(start: start, endpoint: endpoint) }, stop: {})
    }
}
