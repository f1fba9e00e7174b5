import ChatModel
import Foundation
import Logging

/// The headless chat engine: one actor that owns the connection, transcript and outbox.
///
/// Front ends read ``events`` (any number of subscribers) and call the command methods.
///
/// ```swift
/// let session = ChatSession(backend: backend)
/// let events = session.events
/// await session.start()
/// await session.send("Hello")
/// ```
public actor ChatSession {
    enum Signal: Sendable { case timeout, retryNow, suspend, resume, stop }

    let backend: any ChatBackend
    let configuration: SessionConfiguration
    let hub = EventHub()
    var logger: Logger { configuration.logger }

    var machine: ConnectionStateMachine
    var store = TranscriptStore()
    var outbox = Outbox()
    var typing: TypingThrottle
    var receipts: ReceiptScheduler
    var info: SessionInfo?
    var socket: (any SocketWriter)?
    var generation = 0
    var lastFrameAt = Date.distantPast
    var subscribedGeneration = -1
    var liveBuffer: [BackendEvent]?
    var resumeRequested = false
    var currentWriter: (any SocketWriter)?
    /// The generation whose socket completed the WebSocket handshake (a later close is not a handshake failure).
    var handshakeGeneration = -1
    /// New sessions made in a row because the server forgot ours; reset when a connection goes live.
    var renewalsInARow = 0
    var closeCurrentSocket: (@Sendable () -> Void)?
    var initialLoaded = false
    var olderPageToken: String?
    var endedByServer = false
    var restoredOutbox: [OutboxEntry]
    var uploads = PendingUploads()
    var diagnostics = DiagnosticsRecorder()
    private var loop: Task<Void, Never>?
    private var wakeup: CheckedContinuation<Signal, Never>?
    private var finishedWaiters: [CheckedContinuation<Void, Never>] = []
    private var isFinished = false

    /// Creates a session for a backend; nothing happens until ``start()``.
    ///
    /// `restoredOutbox` holds messages a previous run could not deliver; they are sent again
    /// with their original client tokens once the transcript is loaded, so a message that did
    /// reach the server before is recognised and not shown or sent twice.
    public init(
        backend: any ChatBackend, configuration: SessionConfiguration = SessionConfiguration(),
        restoredOutbox: [OutboxEntry] = []
    ) {
        self.backend = backend
        self.restoredOutbox = restoredOutbox
        self.configuration = configuration
        // The protocol's own constants apply unless the configuration chose a policy of its own.
        let tuning = backend as? any ChatBackendTuning
        let policy = configuration.backoff == .connect ? (tuning?.reconnectPolicy ?? configuration.backoff) : configuration.backoff
        self.machine = ConnectionStateMachine(policy: policy)
        self.typing = TypingThrottle(interval: tuning?.typingCallInterval ?? configuration.typingInterval)
        self.receipts = ReceiptScheduler(window: configuration.receiptWindow)
    }

    /// A new subscription to everything the session publishes (replaying what came before).
    public nonisolated var events: AsyncStream<ChatEvent> { hub.subscribe() }

    /// The current connection state.
    public var connectionState: ConnectionState { machine.state }

    /// True once a connection has opened at least once.
    public var hasConnected: Bool { machine.hasOpened }

    /// The transcript as the engine holds it now.
    public var items: [ChatItem] { store.items }

    /// Messages not yet accepted by the server (pending or failed).
    public var unsentMessages: [OutboxEntry] { outbox.entries }

    /// Starts the chat and the connection loop; returns at once.
    public func start() {
        guard loop == nil else { return }
        loop = Task { await self.runLoop() }
    }

    /// Waits until the session is closed or has failed (a failed session may still be retried).
    public func waitUntilFinished() async {
        if isFinished || machine.state.isTerminal { return }
        await withCheckedContinuation { finishedWaiters.append($0) }
    }

    /// Stops everything at once without ending the chat on the server (it can be resumed).
    public func shutdown() async {
        closeCurrentSocket?()
        signal(.stop)
        loop?.cancel()
        await loop?.value
        finish()
    }

    /// Carries out a front end's command.
    public func perform(_ command: ChatCommand) async {
        switch command {
        case .send(let text): _ = await send(text)
        case .typing: await sendTyping()
        case .retry(let localId): retry(localId: localId)
        case .drop(let localId): drop(localId: localId)
        case .loadOlder: await loadOlder()
        case .reconnectNow: reconnectNow()
        case .suspend: suspend()
        case .resume: resume()
        case .reset: await reset()
        case .end: await end()
        case .seen(let messageId): markSeen(messageId)
        case .pick(let index): await pick(index)
        case .setField(let name, let value): setField(name, value: value)
        case .attach(let path): _ = await attach(path: path)
        case .download(let attachmentId, let directory): _ = await download(attachmentId: attachmentId, into: directory)
        }
    }

    /// Skips the backoff wait, or tries again after the engine gave up.
    public func reconnectNow() {
        if machine.isSuspended {
            resume()
        } else {
            signal(.retryNow)
        }
    }

    /// Closes the socket and stops reconnecting until ``resume()`` (messages typed meanwhile wait).
    public func suspend() {
        guard !machine.isSuspended else { return }
        _ = machine.suspend()
        guard machine.isSuspended else { return }
        socket = nil
        publishState()
        closeCurrentSocket?()
        signal(.suspend)
    }

    /// Reconnects after ``suspend()``.
    public func resume() {
        guard machine.isSuspended else { return }
        resumeRequested = true
        signal(.resume)
    }

    // MARK: - The connection loop

    private func runLoop() async {
        _ = machine.start()
        publishState()
        do {
            let info = try await backend.start()
            self.info = info
            hub.publish(.sessionInfo(info))
            for item in store.adoptSender(info.me) { hub.publish(.itemUpdated(item)) }
        } catch {
            let failure = Self.classify(error)
            logger.error("could not start the chat: \(failure)")
            _ = machine.failed(reason: "could not start the chat: \(failure)")
            publishState()
            finish()
            return
        }
        var action = ConnectionStateMachine.Action.connect
        while !Task.isCancelled {
            switch action {
            case .connect:
                let end = await connectOnce()
                action = await nextAction(after: end)
                publishState()
            case .wait(let delay):
                let woke = await waitForSignal(timeout: delay)
                if woke == .stop { action = .stop; continue }
                if woke == .suspend || machine.isSuspended { action = .none; continue }
                action = woke == .retryNow ? machine.retryNow() : machine.retryDue()
                publishState()
            case .stop, .none:
                if machine.isSuspended {
                    if !resumeRequested, await waitForSignal(timeout: nil) == .stop {
                        finish()
                        return
                    }
                    guard resumeRequested else { continue }
                    resumeRequested = false
                    action = machine.resume()
                    publishState()
                    continue
                }
                guard case .failed = machine.state else {
                    finish()
                    return
                }
                if await waitForSignal(timeout: nil) == .retryNow {
                    action = machine.retryNow()
                    publishState()
                } else {
                    finish()
                    return
                }
            }
        }
        finish()
    }

    func publishState() {
        hub.publish(.connection(machine.state))
        noteStateForDiagnostics()
        if machine.state.isTerminal {
            receipts.cancel()
            releaseFinishedWaiters()
        }
    }

    private func releaseFinishedWaiters() {
        for waiter in finishedWaiters { waiter.resume() }
        finishedWaiters = []
    }

    func waitForSignal(timeout: Duration?) async -> Signal {
        var timer: Task<Void, Never>?
        if let timeout {
            let sleep = configuration.sleep
            timer = Task {
                try? await sleep(timeout)
                self.signal(.timeout)
            }
        }
        let result = await withCheckedContinuation { wakeup = $0 }
        timer?.cancel()
        return result
    }

    func signal(_ signal: Signal) {
        guard let waiter = wakeup else { return }
        wakeup = nil
        waiter.resume(returning: signal)
    }

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        closeCurrentSocket?()
        hub.finish()
        releaseFinishedWaiters()
    }

    /// Maps any error to a backend error.
    static func classify(_ error: any Error) -> BackendError {
        if let error = error as? BackendError { return error }
        if let end = error as? SocketEnd {
            switch end {
            case .closedByServer(_, let reason): return .network("socket closed by the server (\(reason))")
            case .silent: return .network("no answer to heartbeats")
            case .notSubscribed: return .network("the server never confirmed the subscription")
            case .closedByUs: return .network("socket closed")
            case .retired: return .network("socket replaced (maximum age)")
            case .upgradeRefused: return .network("the server refused the socket upgrade")
            }
        }
        return .network(HTTPTransport.describe(error))
    }
}
