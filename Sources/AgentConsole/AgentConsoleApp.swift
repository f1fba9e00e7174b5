import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The live agent's full-screen console: the queue of waiting chats and a tab per accepted chat.
///
/// Each chat tab is the customer chat's own ``UIState`` + ``Reducer`` (transcript, composer, typing,
/// receipts) drawn under a tab strip; the console adds the queue, Alt-digit switching and `/transfer`.
/// It is an ``AgentConsoleProgram`` run by the same ``Program`` as the customer's chat.
@TerminalActor
public final class AgentConsoleApp {
    private let options: TerminalUIOptions
    private let agentName: String
    private let actions: AgentConsoleActions

    /// Creates the console; nothing touches the terminal until ``run()``.
    public init(options: TerminalUIOptions, agentName: String, actions: AgentConsoleActions) {
        self.options = options
        self.agentName = agentName
        self.actions = actions
    }

    /// Runs the console until the agent quits; restores the terminal on every exit path.
    public func run() async -> TerminalExit {
        guard let screen = TerminalScreen.start(color: options.color, mouse: options.mouse, environment: options.environment)
        else { return .terminalUnavailable }
        defer { screen.stop() }
        let look = ScreenLook(monochromeTerminal: screen.monochrome, themeName: options.themeName)
        let model = AgentConsoleProgram(agentName: agentName, options: options, look: look, actions: actions, size: screen.size)
        let program = Program(model, backend: screen, outlet: { $0.send($0.command) })
        await program.run()
        return .quit
    }
}
