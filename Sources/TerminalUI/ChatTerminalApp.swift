import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The full-screen ncurses chat: status bar, transcript, typing line and composer.
///
/// A ``ChatProgram`` run by the terminal runtime's ``Program`` on the real terminal
/// (``TerminalScreen``): keys, engine events, ticks and resizes are applied by the pure
/// ``Reducer`` to one ``UIState``; frames are drawn when they differ, at most ~60 a second for
/// engine changes, at once for a key. Commands for the engine go to `send` in one hop.
@TerminalActor
public final class ChatTerminalApp {
    private let options: TerminalUIOptions
    private let events: ChatEventStream
    private let send: @Sendable (ChatCommand) -> Void

    /// Creates the app; nothing touches the terminal until ``run()``. `send` hands a command to
    /// the engine and returns at once (it runs on the terminal thread).
    public init(
        options: TerminalUIOptions,
        events: ChatEventStream,
        send: @escaping @Sendable (ChatCommand) -> Void
    ) {
        self.options = options
        self.events = events
        self.send = send
    }

    /// Runs the full-screen UI until the user quits; restores the terminal on every exit path.
    public func run() async -> TerminalExit {
        guard let screen = TerminalScreen.start(color: options.color, mouse: options.mouse, environment: options.environment)
        else { return .terminalUnavailable }
        defer { screen.stop() }
        let program = Program(
            Self.model(options: options, events: events, monochrome: screen.monochrome, size: screen.size),
            backend: screen, outlet: send, trace: KeyPathTrace(environment: options.environment))
        await program.run()
        return program.model.outcome
    }

    /// The chat's model for a screen of `size`.
    static func model(
        options: TerminalUIOptions, events: ChatEventStream, monochrome: Bool, size: TerminalSize
    ) -> ChatProgram {
        let look = ScreenLook(monochromeTerminal: monochrome, themeName: options.themeName)
        var state = UIState(options: options, palette: look.palette, theme: look.theme)
        state.size = size
        let historyPath = HistoryFile.path(profile: options.profile, environment: options.environment)
        return ChatProgram(state: state, palette: look.palette, events: events, historyPath: historyPath)
    }
}
