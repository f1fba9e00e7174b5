import Foundation
import TerminalRuntime

/// How the full-screen UI looks and behaves; every field has a default.
public struct TerminalUIOptions: Sendable {
    /// Whether to use colour: detected, always, or never (`--color`).
    public typealias ColorOverride = TerminalColorChoice

    /// When a new message from someone else raises a desktop notification (and the bell).
    public enum NotifyPolicy: String, Sendable, CaseIterable {
        /// For every new message from someone else.
        case always
        /// Only while the terminal is unfocused or the transcript is scrolled up.
        case unfocused
        /// Never.
        case never
    }

    /// Shown at the left of the status bar.
    public var title: String
    /// A MarkdownANSI theme name (`Theme.names`); unknown names fall back to the default theme.
    public var themeName: String
    /// Colour on, off or detected.
    public var color: ColorOverride
    /// Puts the status bar on the first row instead of the last.
    public var statusBarOnTop: Bool
    /// Time zone for message times and date separators.
    public var timeZone: TimeZone
    /// Environment used for colour detection (`NO_COLOR`, `COLORTERM`, `TERM`).
    public var environment: [String: String]
    /// When to notify about new messages (bell, OSC 9 and OSC 777).
    public var notify: NotifyPolicy
    /// Captures the mouse (wheel, clicks); false leaves selection to the terminal.
    public var mouse: Bool
    /// The profile whose input history is loaded and saved.
    public var profile: String
    /// A tab of the agent console: an ended chat is closed with `/close`, there is no `/new`.
    public var inAgentConsole = false

    /// What the user can do once the chat is over, for hints.
    var afterEnd: String {
        inAgentConsole ? "/close closes this tab, Alt-0 shows the queue" : "/new starts a new chat, /quit leaves"
    }

    /// Creates options; every parameter is defaulted.
    public init(
        title: String = "Helpline",
        themeName: String = "default",
        color: ColorOverride = .auto,
        statusBarOnTop: Bool = true,
        timeZone: TimeZone = .current,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        notify: NotifyPolicy = .unfocused,
        mouse: Bool = true,
        profile: String = "default"
    ) {
        self.title = title
        self.themeName = themeName
        self.color = color
        self.statusBarOnTop = statusBarOnTop
        self.timeZone = timeZone
        self.environment = environment
        self.notify = notify
        self.mouse = mouse
        self.profile = profile
    }
}

/// Why the full-screen UI returned.
public enum TerminalExit: Sendable, Hashable {
    /// The user quit (`/quit`, Ctrl-C, Ctrl-D on an empty composer) while the chat was live.
    case quit
    /// The user left after the chat had ended.
    case ended
    /// The user asked for a new chat with `/new`.
    case newChatRequested
    /// The full-screen UI could not start (curses does not know the terminal type); nothing was
    /// drawn and the event stream was not read, so a caller can fall back to line mode with it.
    case terminalUnavailable
}
