import ChatModel
import Foundation
import MarkdownANSI
import Synchronization

/// The line-mode front end: transcript lines on stdout, typed lines from stdin.
///
/// Used for pipes, scripts and dumb terminals (`--plain`, or when stdin/stdout is not a TTY).
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

        /// Creates options.
        public init(ansi: Bool, colorMode: ColorMode, width: Int, linger: Duration = .seconds(3)) {
            self.ansi = ansi
            self.colorMode = colorMode
            self.width = width
            self.linger = linger
        }
    }

    private let options: Options
    private let output: @Sendable (String) -> Bool
    private let status: @Sendable (String) -> Void

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
        events: AsyncStream<ChatEvent>, input: AsyncStream<String>, send: @escaping @Sendable (ChatCommand) async -> Void
    ) async -> ConnectionState {
        let printer = PlainPrinter(options: options)
        let tracker = PlainActivity()
        let sink = output
        let output: @Sendable (String) -> Void = { line in
            if !sink(line) { tracker.outputClosed() }
        }
        let inputTask = Task {
            for await line in input {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed == "/end" || trimmed == "/quit" {
                    await send(.end)
                    return
                }
                if trimmed.hasPrefix("/pick") {
                    if let n = Int(trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)), n >= 1 {
                        await send(.pick(index: n))
                    } else {
                        status("helpline: usage: /pick N")
                    }
                    continue
                }
                if trimmed.hasPrefix("/set ") || trimmed == "/set" {
                    let parts = trimmed.dropFirst(4).trimmingCharacters(in: .whitespaces)
                        .split(separator: " ", maxSplits: 1).map(String.init)
                    if let name = parts.first {
                        await send(.setField(name: name, value: parts.count > 1 ? parts[1] : ""))
                    } else {
                        status("helpline: usage: /set FIELD VALUE")
                    }
                    continue
                }
                if await PlainAttachments.run(trimmed, tracker: tracker, send: send, status: status) { continue }
                if trimmed == "/reset" {
                    await send(.reset)
                    continue
                }
                if trimmed == "/suspend" || trimmed == "/resume" {
                    await send(trimmed == "/suspend" ? .suspend : .resume)
                    continue
                }
                if trimmed.hasPrefix("/retry") {
                    if let localId = await tracker.newestFailed() {
                        await send(.retry(localId: localId))
                    } else {
                        status("helpline: nothing to retry")
                    }
                    continue
                }
                if trimmed.hasPrefix("/") && !trimmed.hasPrefix("//") {
                    status("helpline: unknown command \(trimmed.split(separator: " ").first ?? "") (line mode knows /end, /retry, /pick N, /set FIELD VALUE, /attach PATH, /download N [DIR], /open N, /suspend, /resume, /reset)")
                    continue
                }
                await send(.send(trimmed.hasPrefix("//") ? String(trimmed.dropFirst()) : line))
            }
            // stdin ended: let pending messages settle and replies arrive, then end the chat.
            await tracker.waitUntilQuiet(for: options.linger)
            await send(.end)
        }
        var final = ConnectionState.idle
        for await event in events {
            await tracker.note(event)
            switch event {
            case .connection(let state):
                final = state
                if state != .idle { status("-- \(Self.describe(state))") }
            case .notice(let text):
                status("-- \(text)")
            case .transfer(let transfer):
                let (line, open) = await PlainAttachments.report(transfer, tracker: tracker)
                if let line { status(line) }
                if let open { status("-- " + LinkOpener.open(open, environment: ProcessInfo.processInfo.environment)) }
            case .transcript(let update):
                await printTranscript(update, tracker: tracker, printer: printer, output: output, status: status, send: send)
            case .sessionInfo(let info):
                status("-- \(info.backend) at \(info.endpoint), you are \(info.me.name)")
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
        if case .event = item.kind { return "\(time) * \(Self.oneLine(item.text))\(history)" }
        var suffix = ""
        if item.delivery == .failed { suffix = " [failed — /retry]" }
        let prefix = "\(time) \(Self.oneLine(item.sender.name))\(history): "
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

    /// Untrusted text for one line: safe for the terminal, line breaks and tabs as spaces.
    static func oneLine(_ text: String) -> String {
        TerminalSafeText.clean(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }

    static func clock(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}

/// Tracks what line mode has printed and when the chat was last active.
actor PlainActivity {
    /// Whether stdout closed, and whether the chat was ended for it.
    private let closedOutput = Mutex((closed: false, endAsked: false))

    /// Notes that a transcript line could not be written (stdout is a closed pipe).
    nonisolated func outputClosed() { closedOutput.withLock { $0.closed = true } }

    /// True once, after stdout closed: the moment to end the chat.
    nonisolated func shouldEndForClosedOutput() -> Bool {
        closedOutput.withLock { state in
            guard state.closed, !state.endAsked else { return false }
            state.endAsked = true
            return true
        }
    }

    private var printed: Set<String> = []
    private var pending: Set<String> = []
    private var failed: [String] = []
    private var lastActivity = ContinuousClock.now
    /// Attachments by the order they were printed (local id or id), for `/download N`.
    var attachmentKeys: [String] = []
    var attachmentsByKey: [String: Attachment] = [:]
    /// Attachments to open once saved.
    var opens: Set<String> = []
    /// Rejected attachments already reported.
    var rejections: Set<String> = []
    /// The forms as last printed, by item id.
    var forms: [String: ChatForm] = [:]
    private var ended = false

    func note(_ event: ChatEvent) {
        lastActivity = .now
        switch event {
        case .transcript(let update):
            guard let item = update.item, item.isOwn, let localId = item.localId else { return }
            if update.isNewItem {
                if item.delivery == .pending { pending.insert(localId) }
                return
            }
            if item.delivery == .failed {
                if !failed.contains(localId) { failed.append(localId) }
            } else {
                failed.removeAll { $0 == localId }
            }
            if item.delivery != .pending { pending.remove(localId) }
        case .connection(let state):
            if state.isTerminal { ended = true }
        default:
            break
        }
    }

    /// True the first time one of our messages leaves `pending`.
    func shouldPrintSettled(_ item: ChatItem) -> Bool {
        guard item.isOwn, let localId = item.localId, item.delivery != .pending else { return false }
        return printed.insert(localId).inserted
    }

    func newestFailed() -> String? { failed.last }

    /// Notes that our message `localId` was printed; true the first time.
    func markPrinted(_ localId: String) -> Bool { printed.insert(localId).inserted }

    /// True once anything was printed.
    var hasPrinted: Bool { printedItems > 0 }

    /// Items printed so far.
    var printedItems = 0

    private var streaming: Set<String> = []

    /// Remembers a streamed reply that is still growing.
    func holdStreaming(_ id: String) { streaming.insert(id) }

    /// True once a held streamed reply has settled (printed then, once).
    func releaseStreamed(_ item: ChatItem) -> Bool {
        guard !item.isStreaming, streaming.contains(item.id) else { return false }
        streaming.remove(item.id)
        return true
    }

    /// Returns once nothing is pending and nothing happened for `quiet`.
    func waitUntilQuiet(for quiet: Duration) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while !ended, ContinuousClock.now < deadline {
            if pending.isEmpty, ContinuousClock.now - lastActivity >= quiet { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}
