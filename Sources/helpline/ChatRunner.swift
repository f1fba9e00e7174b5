import ChatEngine
import ChatModel
import Foundation
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
        options.plain || isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0
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
    }

    /// Runs one chat session with the chosen front end until it ends or the user leaves.
    func runOnce(
        backend: any ChatBackend, restoredOutbox: [OutboxEntry] = [],
        onEvent: (@Sendable (ChatEvent) -> Void)? = nil,
        onOutboxChange: (@Sendable ([OutboxEntry]) -> Void)? = nil
    ) async throws -> RunResult {
        var configuration = SessionConfiguration(logger: logger, onOutboxChange: onOutboxChange)
        configuration.sendsTyping = !options.noTyping
        configuration.sendsReceipts = !options.noReceipts
        let session = ChatSession(backend: backend, configuration: configuration, restoredOutbox: restoredOutbox)
        let writerTask = try startTranscriptWriter(session)
        let watcher = onEvent.map { callback in
            let events = session.events
            return Task { for await event in events { callback(event) } }
        }
        let outcome: Outcome
        if usesPlainMode {
            outcome = await runPlain(session)
        } else {
            outcome = await runFullScreen(session)
        }
        let connected = await session.hasConnected
        let unsent = await session.unsentMessages
        // Uploads are not carried over to a later run: say so rather than lose them silently.
        if let line = UnfinishedUpload.report(await session.unfinishedUploads) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        await session.shutdown()
        await writerTask?.value
        await watcher?.value
        switch outcome {
        case .finished(let state):
            return RunResult(state: state, connected: connected, newChatRequested: false, unsent: unsent)
        case .newChat:
            return RunResult(state: await session.connectionState, connected: connected, newChatRequested: true, unsent: unsent)
        }
    }

    /// Runs chats made by `makeBackend` until the user quits; returns the exit code.
    func run(makeBackend: @escaping @Sendable () throws -> any ChatBackend) async throws -> Int32 {
        while true {
            let result = try await runOnce(backend: try makeBackend())
            if result.newChatRequested { continue }
            return try exitCode(for: result)
        }
    }

    private enum Outcome {
        case finished(ConnectionState)
        case newChat
    }

    private func startTranscriptWriter(_ session: ChatSession) throws -> Task<Void, Never>? {
        guard let path = options.transcript else { return nil }
        if MarkdownTranscriptWriter.wants(path: path) {
            let writer = try MarkdownTranscriptWriter(path: path)
            let events = session.events
            return Task { await writer.run(events: events) }
        }
        let writer: TranscriptFileWriter
        do {
            writer = try TranscriptFileWriter(path: path)
        } catch {
            throw HelplineError("cannot write the transcript file \(path)")
        }
        let events = session.events
        return Task { await writer.run(events: events) }
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
        FileHandle.standardError.write(Data("Connecting…\n".utf8))
        for await event in session.events {
            guard case .connection(let state) = event else { continue }
            if state == .open { return true }
            if state.isTerminal { return false }
        }
        return false
    }

    /// 0 after a normal end; an error naming the cause when the chat failed or never connected.
    func exitCode(for result: RunResult) throws -> Int32 {
        switch result.state {
        case .closed(let reason) where !result.connected: throw HelplineError(reason)
        case .closed: return 0
        case .failed(let reason): throw HelplineError(reason)
        default: return 0
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
