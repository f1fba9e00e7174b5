import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import Synchronization
import TerminalRuntime

/// The line-mode front end: transcript lines on stdout, typed lines from stdin.
///
/// Used for pipes and scripts (`--plain`, or when stdin/stdout is not a TTY); a dumb terminal gets the
/// accessible mode (``ScreenReaderMode``) instead.
/// Connection changes and notices go to stderr so stdout stays a clean transcript.
public struct PlainMode: Sendable {
    /// Options for line mode.
    public struct Options: Sendable {
        /// Style rendered markdown with ANSI escapes (stdout is a TTY); otherwise it is rendered as plain text.
        public var ansi: Bool
        /// Colours for ANSI output.
        public var colorMode: ColorMode
        /// Width used to render markdown.
        public var width: Int
        /// After stdin ends, how long the chat may stay quiet before it is ended.
        public var linger: Duration
        /// True when the caller reports a chat that failed or never connected as its error (and
        /// exit status): line mode then prints no status line of its own for that end.
        public var leavesFailuresToCaller: Bool

        /// Creates options.
        public init(
            ansi: Bool, colorMode: ColorMode, width: Int, linger: Duration = .seconds(3), leavesFailuresToCaller: Bool = false
        ) {
            self.ansi = ansi
            self.colorMode = colorMode
            self.width = width
            self.linger = linger
            self.leavesFailuresToCaller = leavesFailuresToCaller
        }
    }

    let options: Options
    let output: @Sendable (String) -> Bool
    let status: @Sendable (String) -> Void

    /// Creates line mode writing transcript lines and status lines through the given sinks; `output`
    /// returns false once its line could not be written (stdout is a closed pipe), which ends the chat.
    ///
    /// Everything reaches the sinks through ``TerminalSafeText`` (the other party's text cannot drive
    /// the terminal); only the ANSI styling line mode adds itself stays, when `options.ansi` asks for it.
    public init(
        options: Options,
        output: @escaping @Sendable (String) -> Bool = { line in
            StandardStreams.out(line)
            return !StandardStreams.stdoutClosed  // a full disk is said once; only a closed pipe ends the chat
        },
        status: @escaping @Sendable (String) -> Void = { StandardStreams.err($0) }
    ) {
        self.options = options
        let ansi = options.ansi
        self.output = { line in output(ansi ? line : TerminalSafeText.clean(line)) }
        self.status = { line in status(TerminalSafeText.clean(line)) }
    }

    /// Runs until the chat ends; returns the final connection state.
    public func run(
        events: ChatEventStream, input: AsyncStream<String>, send: @escaping @Sendable (ChatCommand) async -> Void
    ) async -> ConnectionState {
        let printer = PlainPrinter(options: options)
        let tracker = PlainActivity()
        let sink = output
        let output: @Sendable (String) -> Void = { line in
            if !sink(line) { tracker.outputClosed() }
        }
        let inputTask = Task { await readInput(input, tracker: tracker, send: send) }
        var final = ConnectionState.idle
        var connected = false
        for await event in events {
            await tracker.note(event)
            switch event {
            case .connection(let state):
                final = state
                if state == .open { connected = true }
                let callersError: Bool
                switch state {
                case .failed: callersError = true
                case .closed: callersError = !connected
                default: callersError = false
                }
                if state != .idle, !(callersError && options.leavesFailuresToCaller) { status("-- \(Self.describe(state))") }
            case .notice(let text):
                status("-- \(text)")
            case .transfer(let transfer):
                let (line, open) = await PlainAttachments.report(transfer, tracker: tracker)
                if let line { status(line) }
                if let open { status("-- " + LinkOpener.open(open, environment: ProcessInfo.processInfo.environment)) }
            case .transcript(let update):
                await printTranscript(update, tracker: tracker, printer: printer, output: output, status: status, send: send)
            case .sessionInfo(let info):
                // A protocol that names nobody (PolyAI) calls us "You": nothing to tell then.
                let who = info.me.name == "You" ? "" : ", you are \(info.me.name)"
                status("-- \(info.backend) at \(info.endpoint)\(who)")
            case .authentication(let authentication):
                for line in Self.describe(authentication) { status(line) }
            case .typing, .typingStopped, .queuePosition, .diagnostics:
                break
            }
            if final.isTerminal, case .connection = event { break }
            // Nobody reads stdout any more (`| head -1`): end the chat rather than talk on unheard.
            if tracker.shouldEndForClosedOutput() { await send(.end) }
        }
        inputTask.cancel()
        return final
    }

    /// Words for a connection state on the status stream.
    static func describe(_ state: ConnectionState) -> String {
        switch state {
        case .reconnecting(let attempt, let at):
            let seconds = max(0, Int(at.timeIntervalSinceNow.rounded(.up)))
            return "reconnecting in \(seconds) s (attempt \(attempt))"
        default:
            return state.summary
        }
    }
}

/// Formats transcript items as `HH:MM:SS name: text` lines.
struct PlainPrinter: Sendable {
    let options: PlainMode.Options

    func format(_ item: ChatItem, number: Int? = nil) -> String {
        let time = Self.clock(item.time)
        let history = item.isHistory ? " (earlier)" : ""
        // The other side's text and names are untrusted: no escape sequence of theirs reaches the terminal.
        if case .event = item.kind { return "\(time) * \(TerminalSafeText.oneLine(item.text))\(history)" }
        var suffix = ""
        switch item.delivery {
        case .failed: suffix = " [failed — /retry]"
        case .unconfirmed: suffix = " [not confirmed]"
        case .rejected: suffix = " [not delivered: blocked by the contact center's message rules]"
        case .notProcessed where item.isResent: suffix = " [not delivered: the contact center could not check it — sent again]"
        case .notProcessed: suffix = " [not delivered: the contact center could not check it — /retry]"
        case .some where item.isRedacted: suffix = " [redacted by the contact center]"
        default: break
        }
        let prefix = "\(time) \(TerminalSafeText.oneLine(item.sender.name))\(history): "
        let body: String
        if let attachment = item.attachment {
            body = TerminalSafeText.clean(PlainAttachments.describe(attachment, number: number))
        } else if item.displaysMarkdown {
            let lines = Markdown.render(TerminalSafeText.clean(item.displayText), width: max(20, options.width - 2))
            body = ANSIWriter.string(lines, mode: options.colorMode, plain: !options.ansi)
        } else {
            body = TerminalSafeText.clean(item.displayText)
        }
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : "  " + $0.element }.joined(separator: "\n")
        return prefix + indented + suffix
    }

    static func clock(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
