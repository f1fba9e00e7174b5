import ArgumentParser
import Foundation
import HelplineConfig
import TerminalRuntime
import TerminalUI

/// The `helpline` command: a terminal client for contact-center chat (started by ``Start``).
struct Helpline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "helpline",
        abstract: "A terminal chat client for contact-center chat (Amazon Connect, PolyAI, demo contact center).",
        discussion: """
            With no subcommand, `helpline` starts the embedded demo contact center on 127.0.0.1 and opens a chat with it.

            Examples:
              helpline                                  # demo chat, full screen
              helpline --plain                          # demo chat, line mode
              helpline connect --start-url URL --display-name Maria
              helpline polyai --api-key KEY --environment uk
              helpline report merge shard-*.json --report load.html   # one run from a sharded load test
              helpline serve --port 8080                # the demo contact center alone
              helpline agent --server http://127.0.0.1:8080 --name Sam   # answer its chats as a live agent
            """,
        version: BuildInfo.line,
        subcommands: [DemoCommand.self, ConnectCommand.self, PolyAICommand.self, ScriptCommand.self, ReportCommand.self, ServeCommand.self, AgentCommand.self, RenderCommand.self],
        defaultSubcommand: DemoCommand.self)

    /// The subcommands that run as batch jobs rather than for a person waiting on them.
    static let batchSubcommands: [ParsableCommand.Type] = [ServeCommand.self, ScriptCommand.self, ReportCommand.self, RenderCommand.self]

    /// Whether the command named by the first argument (the default one when it names none) waits
    /// on a person: a chat or the agent console, idle most of the time, so worth waking least.
    static func waitsOnPeople(_ firstArgument: String?) -> Bool {
        guard let firstArgument else { return true }
        return !batchSubcommands.contains { $0._commandName == firstArgument }
    }

    /// Fills in options from `HELPLINE_*` variables and the config file's profile, then runs (what
    /// `main()` does for a command, with the config file; ``Start`` calls it as the first task).
    static func launch() async {
        // A closed pipe is an error to handle (end the chat, exit quietly), not a silent death mid-chat.
        StandardStreams.ignoreBrokenPipeSignal()
        let resolution: ConfigResolver.Resolution
        do {
            resolution = try ConfigLaunch.resolution()
        } catch {
            // One line, no usage: the file (and line) is what needs fixing, not the command.
            StandardStreams.err("Error: \(error)")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        // As `main(_:)` does, with the parse on its own so that a value from config.toml or the
        // environment that does not parse names where it came from (validation runs only once).
        var command: ParsableCommand
        do {
            command = try await asyncParseAsRoot(resolution.arguments)
        } catch {
            if let line = ConfigLaunch.sourcedMessage(for: error, sources: resolution.sources) {
                StandardStreams.err("Error: \(line)")
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
