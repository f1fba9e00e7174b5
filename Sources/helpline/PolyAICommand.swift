import ArgumentParser
import ChatEngine
import ChatResume
import Foundation
import PolyAI

/// `helpline polyai`: chat with a PolyAI Messaging agent.
struct PolyAICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "polyai",
        abstract: "Chat with a PolyAI Messaging agent.",
        discussion: """
            The API key (connector token) comes from --api-key, $HELPLINE_POLYAI_API_KEY or api-key = "KEY"
            in ~/.config/helpline/config.toml (a profile may hold its own); it is never logged.
              helpline polyai --api-key KEY --environment uk --host-id com.example.app --display-name Maria
              helpline polyai --rest-url http://127.0.0.1:8080/api/v1 --ws-url ws://127.0.0.1:8080/ws
            """)

    @Option(name: .long, help: ArgumentHelp("The connector token (prefer $HELPLINE_POLYAI_API_KEY).", valueName: "key"))
    var apiKey: String?

    @Option(name: .long, help: ArgumentHelp("us (default), uk, euw or cluster:NAME.", valueName: "env"))
    var environment: String?

    @Option(name: .long, help: ArgumentHelp("Custom REST base including /api/v1 (with --ws-url).", valueName: "url"))
    var restUrl: String?

    @Option(name: .long, help: ArgumentHelp("Custom socket endpoint, e.g. wss://host/ws (with --rest-url).", valueName: "url"))
    var wsUrl: String?

    @Option(name: .long, help: ArgumentHelp("The X-Host the connector is registered for (default helpline).", valueName: "id"))
    var hostId: String?

    @Option(name: .long, help: ArgumentHelp("Your name in the chat (sent with the join request; default: You).", valueName: "name"))
    var displayName: String?

    @Flag(name: .long, help: "Show whole agent messages only, not growing streamed ones.")
    var noStreaming = false

    @OptionGroup var common: CommonOptions

    @OptionGroup var terminal: TerminalOptions

    func validate() throws {
        if let displayName, displayName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--display-name needs a name")
        }
        if (restUrl == nil) != (wsUrl == nil) { throw ValidationError("--rest-url and --ws-url go together") }
        if let environment, restUrl != nil {
            throw ValidationError("give --environment \(environment) or --rest-url/--ws-url, not both")
        }
        if let environment {
            do { _ = try PolyAIEnvironment.parse(environment) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() async throws {
        let logger = try LoggingSetup.bootstrap(file: common.logFile, level: common.logLevel)
        let runner = try ChatRunner(options: common, logger: logger, terminal: terminal)
        let settings: PolyAISettings
        do {
            settings = try PolyAISettings.resolve(
                apiKey: apiKey, environment: environment, restURL: restUrl, socketURL: wsUrl, hostId: hostId)
        } catch {
            throw HelplineError("\(error)")
        }
        let options = PolyAIOptions(
            apiKey: settings.apiKey, hostId: settings.hostId, environment: settings.environment, streaming: !noStreaming,
            displayName: displayName ?? PolyAIOptions.unnamed)
        do { try options.validate() } catch { throw HelplineError("\(error)") }
        let loop = ResumingChatLoop(
            runner: runner, store: SessionStore(), key: PolyAIResumePlan.key(options), forceNew: common.startsFresh)
        let code = try await loop.run(polyAI: options)
        if code != 0 { throw ExitCode(code) }
    }
}
