import ChatEngine
import ChatModel
import Foundation
import SessionCore
import Synchronization
import Logging
import MarkdownANSI
import TerminalUI

/// Runs one chat session with the chosen front end and turns its outcome into an exit code.
struct ChatRunner {
    let options: CommonOptions
    let logger: Logger
    /// Full-screen UI options (`--notify`, `--no-mouse`).
    var terminal = TerminalOptions()

    /// True when line mode is asked for or there is no terminal.
    var usesPlainMode: Bool {
        options.plain || isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 || dumbTerminal != nil
    }

    /// Why this terminal cannot show the full screen (`TERM=dumb`), if it cannot.
    private var dumbTerminal: String? { FullScreenSupport.refusal(environment: ProcessInfo.processInfo.environment) }

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
    }

    /// Runs one chat session with the chosen front end until it ends or the user leaves.
    ///
    /// `restoring` are messages an earlier run left unsent; `saver` keeps the resumable session on disk.
    func runOnce(
        wire: any ChatWire, restoring: [OutboxEntry] = [], startedAt: Date? = nil, saver: SessionSaver? = nil
    ) async throws -> RunResult {
        var configuration = SessionConfiguration(logger: logger)
        configuration.sendsTyping = !options.noTyping
        configuration.sendsReceipts = !options.noReceipts
        if let saver {
            configuration.onPersist = { snapshot in saver.save(snapshot) }
            configuration.onForget = { saver.forget() }
        }
        let relay = NoticeRelay.shared
        configuration.transcripts = try transcriptSinks { relay.tell($0) }
        let session = ChatSession(wire: wire, configuration: configuration, restoring: restoring, startedAt: startedAt)
        relay.attach(session)
        let outcome: Outcome
        if usesPlainMode {
            if !options.plain, isatty(STDOUT_FILENO) != 0, let reason = dumbTerminal {
                StandardStreams.err("helpline: \(reason): using line mode (--plain)")
            }
            outcome = await runPlain(session)
        } else {
            outcome = await runFullScreen(session)
        }
        let connected = await session.hasConnected
        let unsent = await session.unsentMessages
        // Uploads are not carried over to a later run: say so rather than lose them silently.
        if let line = UnfinishedUpload.report(await session.unfinishedUploads) {
            StandardStreams.err(line)
        }
        await session.shutdown()
        saver?.flush()
        switch outcome {
        case .finished(let state):
            return RunResult(state: state, connected: connected, newChatRequested: false, unsent: unsent)
        case .newChat:
            return RunResult(state: await session.connectionState, connected: connected, newChatRequested: true, unsent: unsent)
        }
    }

    private enum Outcome {
        case finished(ConnectionState)
        case newChat
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

    private func runPlain(_ session: ChatSession) async -> Outcome {
        let ansi = isatty(STDOUT_FILENO) != 0
        let mode = ansi ? ColorMode.detect(environment: ProcessInfo.processInfo.environment, isTTY: true) : .none
        let plain = PlainMode(
            options: PlainMode.Options(
                ansi: ansi, colorMode: mode, width: TerminalSize.columns() ?? 80, linger: .milliseconds(Int64(options.linger * 1000))))
        let events = session.events
        await session.start()
        let state = await plain.run(events: events, input: StandardInputLines.stream()) { command in
            await session.perform(command)
        }
        return .finished(state)
    }

    private func runFullScreen(_ session: ChatSession) async -> Outcome {
        let events = session.events
        await session.start()
        guard await waitForFirstConnection(session) else {
            return .finished(await session.connectionState)
        }
        let app = await ChatTerminalApp(
            options: terminal.uiOptions(profile: "default"), events: events,
            send: { command in await session.perform(command) })
        switch await app.run() {
        case .newChatRequested:
            return .newChat
        case .quit, .ended:
            return .finished(await session.connectionState)
        }
    }

    /// Waits until the first connection opens or the session gives up, telling stderr meanwhile.
    private func waitForFirstConnection(_ session: ChatSession) async -> Bool {
        StandardStreams.err("Connecting…")
        for await event in session.events {
            guard case .connection(let state) = event else { continue }
            if state == .open { return true }
            if state.isTerminal { return false }
        }
        return false
    }

    /// 0 after a normal end; an error naming the cause when the chat failed or never connected.
    func exitCode(for result: RunResult) throws -> Int32 {
        // Line mode's reader went away (`| head -1`): end quietly, as a filter does.
        if StandardStreams.stdoutClosed { return StandardStreams.brokenPipeExitStatus }
        if let reason = StandardStreams.stdoutFailure { throw HelplineError("the transcript could not be written to stdout: \(reason)") }
        switch result.state {
        case .closed(let reason) where !result.connected: throw HelplineError(reason)
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
