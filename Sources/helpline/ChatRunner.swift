import ChatEngine
import ChatModel
import ChatResume
import ChatUI
import Foundation
import SessionCore
import Synchronization
import Logging
import MarkdownANSI
import TerminalRuntime
import TerminalUI
import Transport

/// Runs one chat session with the chosen front end and turns its outcome into an exit code.
struct ChatRunner {
    let options: CommonOptions
    let logger: Logger
    /// Full-screen UI options (`--notify`, `--no-mouse`).
    var terminal = TerminalOptions()
    /// `--record` and `--golden`, shared by every chat of the run (only the first is recorded).
    let recording: ChatRecording?
    /// The run's transport (`--header`, `--trace`, TLS, proxies), for every chat of the run.
    let transport: HTTPTransport

    /// A runner for `options`; it opens the `--trace` file (so make one per run). `embeddedDemo`:
    /// the chats go to the embedded demo on loopback, where proxies from the environment do not apply.
    init(options: CommonOptions, logger: Logger, terminal: TerminalOptions = TerminalOptions(), embeddedDemo: Bool = false) throws {
        self.options = options
        self.logger = logger
        self.transport = try options.transport.httpTransport(embeddedDemo: embeddedDemo)
        self.terminal = terminal
        recording = ChatRecording(options: options)
    }

    /// The front end for the flags and this terminal, and why when the terminal chose it.
    var frontEnd: (frontEnd: FrontEnd, notice: String?) {
        FrontEnd.choose(
            plain: options.plain, screenReader: options.screenReader, stdinIsTerminal: isatty(STDIN_FILENO) != 0,
            stdoutIsTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
    }

    /// How one chat session ended.
    struct RunResult {
        /// The final connection state.
        var state: ConnectionState
        /// True when a connection opened at least once.
        var connected: Bool
        /// True when the user asked for a new chat (`/new`).
        var newChatRequested: Bool
        /// Messages still unsent at the end.
        var unsent: [OutboxEntry]

        /// The run as the resume plans read it.
        var outcome: RunOutcome {
            let ended = if case .closed = state { true } else { false }
            return RunOutcome(ended: ended, connected: connected, newChatRequested: newChatRequested, unsent: unsent)
        }
    }

    /// Runs one chat session with the chosen front end until it ends or the user leaves.
    ///
    /// `restoring` are messages an earlier run left unsent; `saver` keeps the resumable session on disk;
    /// `greetings` are notices shown in the chat once it is on screen (say, that it was resumed).
    func runOnce(
        wire: any ChatWire, restoring: [OutboxEntry] = [], restoringUploads: [SavedUpload] = [], startedAt: Date? = nil,
        saver: SessionSaver? = nil, greetings: [String] = []
    ) async throws -> RunResult {
        var configuration = SessionConfiguration(transport: transport, logger: logger)
        // Timers on the event loops, as the tasks are (``Start``): an idle chat starts no dispatch worker.
        configuration.sleep = { try await EventLoopTime.sleep(for: $0) }
        options.session.apply(to: &configuration)
        if let saver {
            configuration.onPersist = { snapshot in saver.save(snapshot) }
            configuration.onForget = { saver.forget() }
        }
        let relay = NoticeRelay.shared
        configuration.transcripts = try transcriptSinks { relay.tell($0) }
        configuration.observers = recording?.observersForNextChat() ?? []
        let session = ChatSession(
            wire: wire, configuration: configuration, restoring: restoring, restoringUploads: restoringUploads,
            startedAt: startedAt)
        relay.attach(session)
        // The session is saved for resume only once it has connected.
        let connectionWatch = Task { [events = session.events] in
            for await event in events where event == .connection(.open) {
                saver?.connectionOpened()
                return
            }
        }
        defer { connectionWatch.cancel() }
        let outcome: Outcome
        let (frontEnd, notice) = self.frontEnd
        if let notice { StandardStreams.err(notice) }
        switch frontEnd {
        case .lineMode: outcome = await runPlain(session, greetings: greetings)
        case .screenReader: outcome = await runScreenReader(session, greetings: greetings)
        case .fullScreen: outcome = await runFullScreen(session, greetings: greetings)
        }
        let connected = await session.hasConnected
        let unsent = await session.unsentMessages
        // Uploads are not carried over to a later run: say so rather than lose them silently.
        if let line = UnfinishedUpload.report(await session.unfinishedUploads) {
            StandardStreams.err(line)
        }
        if case .interrupted(let number) = outcome { recording?.stopped(because: "stopped by \(InterruptSignals.name(number))") }
        await session.shutdown()  // the recorders write their files as the session finishes
        saver?.flush()
        let recordingProblem = recording?.report()
        if case .interrupted(let number) = outcome { exit(128 + number) }  // everything is saved and drained now
        if let recordingProblem { throw HelplineError(recordingProblem) }
        switch outcome {
        case .finished(let state):
            return RunResult(state: state, connected: connected, newChatRequested: false, unsent: unsent)
        case .newChat:
            return RunResult(state: await session.connectionState, connected: connected, newChatRequested: true, unsent: unsent)
        case .interrupted:
            return RunResult(state: await session.connectionState, connected: connected, newChatRequested: false, unsent: unsent)
        }
    }

    enum Outcome {
        case finished(ConnectionState)
        case newChat
        /// Line mode was stopped by a signal (its number).
        case interrupted(Int32)
    }

    /// The transcript file's writer (`--transcript`: JSON lines, or Markdown for `.md`), if asked for.
    private func transcriptSinks(problem: @escaping @Sendable (String) -> Void) throws -> [any TranscriptSink] {
        guard let path = options.transcript else { return [] }
        do {
            if MarkdownTranscript.wants(path: path) { return [try MarkdownTranscript(path: path, problem: problem)] }
            return [try JSONLinesTranscript(path: path, problem: problem)]
        } catch {
            throw HelplineError("cannot write the transcript file: \(error)")
        }
    }

    private func runPlain(_ session: ChatSession, greetings: [String]) async -> Outcome {
        let events = session.events
        let signals = InterruptSignals.shared
        signals.begin()
        await session.start()
        for greeting in greetings { session.tell(greeting) }
        let plain = plainMode()
        // A signal ends line mode as a restart would find it: the caller saves and drains before exiting.
        let state = await withTaskGroup(of: ConnectionState?.self) { group in
            group.addTask {
                await plain.run(events: events, input: StandardInputLines.stream()) { command in await session.perform(command) }
            }
            group.addTask {
                _ = await signals.wait()
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let number = signals.caught {
            FileHandle.standardError.write(Data(
                "helpline: stopped by \(InterruptSignals.name(number)); unsent messages are kept and the chat can be resumed\n".utf8))
            return .interrupted(number)
        }
        if let state { return .finished(state) }
        return .finished(await session.connectionState)
    }

    /// Line mode for this terminal (or pipe), with `--linger`.
    private func plainMode() -> PlainMode {
        let ansi = isatty(STDOUT_FILENO) != 0
        let mode = ansi ? ColorMode.detect(environment: ProcessInfo.processInfo.environment, isTTY: true) : .none
        return PlainMode(
            options: PlainMode.Options(
                ansi: ansi, colorMode: mode, width: TerminalSize.columns() ?? 80, linger: .milliseconds(Int64(options.linger * 1000)),
                leavesFailuresToCaller: true))
    }

    private func runFullScreen(_ session: ChatSession, greetings: [String]) async -> Outcome {
        let events = session.events
        await session.start()
        guard await waitForFirstConnection(session) else {
            return .finished(await session.connectionState)
        }
        // Told now, they wait in `events` and show inside the UI rather than before it opens.
        for greeting in greetings { session.tell(greeting) }
        let app = await ChatTerminalApp(
            options: terminal.uiOptions(profile: "default"), events: events,
            send: { command in session.submit(command) })
        // The terminal's thread runs now (the app was made on it), at the process's priority:
        // the event loops go below it.
        await EventLoopPriority.lowerBelowTerminal()
        switch await app.run() {
        case .newChatRequested:
            return .newChat
        case .quit, .ended:
            return .finished(await session.connectionState)
        case .terminalUnavailable:
            // Nothing was drawn and `events` is unread: the same chat goes on in line mode.
            FileHandle.standardError.write(Data("helpline: continuing in line mode (as with --plain)\n".utf8))
            return .finished(await plainMode().run(events: events, input: StandardInputLines.stream()) { command in
                await session.perform(command)
            })
        }
    }

    /// Waits until the first connection opens or the session gives up, telling stderr meanwhile.
    /// On a terminal the notice is wiped again, so it is not left behind when the full screen ends.
    private func waitForFirstConnection(_ session: ChatSession) async -> Bool {
        let onTerminal = isatty(STDERR_FILENO) != 0
        if onTerminal {
            _ = StandardStreams.write("Connecting…", to: STDERR_FILENO)
        } else {
            StandardStreams.err("Connecting…")
        }
        // Carriage return and erase-to-end-of-line: the cursor is back where the notice began.
        defer { if onTerminal { _ = StandardStreams.write("\r\u{1B}[K", to: STDERR_FILENO) } }
        for await event in session.events {
            guard case .connection(let state) = event else { continue }
            if state == .open { return true }
            if state.isTerminal { return false }
        }
        return false
    }

    /// 0 after a normal end; an error naming the cause when the chat failed or never connected
    /// (line mode leaves that line to this error, so the cause is printed once).
    func exitCode(for result: RunResult) throws -> Int32 {
        // Line mode's reader went away (`| head -1`): end quietly, as a filter does.
        if StandardStreams.stdoutClosed { return StandardStreams.brokenPipeExitStatus }
        if let reason = StandardStreams.stdoutFailure { throw HelplineError("the transcript could not be written to stdout: \(reason)") }
        switch result.state {
        case .closed(let reason) where !result.connected: throw HelplineError(reason.description)
        case .closed: return 0
        case .failed(let reason): throw HelplineError(reason)
        default: return 0
        }
    }
}

/// Passes problems of the transcript, trace and log files to the running session (they are created
/// first), or to stderr while there is none.
final class NoticeRelay: Sendable {
    /// The process's relay: file problems (transcript, trace, log) reach whichever chat is running.
    static let shared = NoticeRelay()

    private let session = Mutex<ChatSession?>(nil)

    /// Sends later problems to `session`.
    func attach(_ session: ChatSession) { self.session.withLock { $0 = session } }

    /// Tells the session's subscribers, or stderr before there is a session.
    func tell(_ text: String) {
        if let session = session.withLock({ $0 }) {
            session.tell(text)
        } else {
            StandardStreams.err("helpline: " + TerminalSafeText.clean(text))
        }
    }
}

/// Lines typed on stdin as an async stream (ends at EOF).
enum StandardInputLines {
    /// A stream of stdin's lines, read on a background thread.
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            thread.start()
        }
    }
}

/// The terminal's size from the kernel.
enum TerminalSize {
    /// Columns of the terminal on stdout, if it is one.
    static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
