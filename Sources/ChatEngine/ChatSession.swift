import ChatModel
import Foundation
import Logging
import SessionCore
import Transport

/// The headless chat engine: an actor that drives a ``SessionCore`` — it hands the core what
/// happens (commands, answers, frames, timers, each with the time) and carries out what the core
/// asks (calls, frames, timers, events, records, saves). All the rules live in the core.
///
/// Front ends read ``events`` (any number of subscribers) and call ``perform(_:)``, which never
/// waits for the network.
///
/// ```swift
/// let session = ChatSession(wire: ConnectWire(start: start, endpoint: url, ids: .random()))
/// let events = session.events
/// await session.start()
/// await session.perform(.send("Hello"))
/// ```
public actor ChatSession {
    var core: SessionCore
    let configuration: SessionConfiguration
    let hub = EventHub()
    var logger: Logger { configuration.logger }
    var sockets: [SocketID: SocketLink] = [:]
    var timers: [TimerKey: (token: Int, task: Task<Void, Never>)] = [:]
    var nextTimerToken = 0
    /// While a socket frame is being handled: when it arrived (for ``SessionObserver``s).
    var frameArrival: ContinuousClock.Instant?
    var calls: [RequestID: Task<Void, Never>] = [:]
    /// The most bytes reported so far per transfer (reports come in tasks of their own, so out of order).
    var progressSeen: [RequestID: Int64] = [:]
    var downloadWaiters: [String: [CheckedContinuation<String?, Never>]] = [:]
    private var finishedWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var isFinished = false

    /// Creates a session for `wire`; nothing happens until ``start()``. `restoring` holds the messages
    /// a previous run left unsent: shown at once, sent with their original client tokens;
    /// `restoringUploads` the attachments it left unsent: shown as failed, sent again on `/retry`;
    /// `startedAt` is when the chat began, for a chat resumed from an earlier run.
    public init(
        wire: any ChatWire, configuration: SessionConfiguration, restoring: [OutboxEntry] = [],
        restoringUploads: [SavedUpload] = [], startedAt: Date? = nil
    ) {
        var settings = configuration.core
        settings.recordsTranscript = settings.recordsTranscript || !configuration.transcripts.isEmpty
        self.core = SessionCore(
            wire: wire, settings: settings, ids: configuration.ids, now: configuration.now(), restoring: restoring,
            restoringUploads: restoringUploads, startedAt: startedAt)
        self.configuration = configuration
        if !restoring.isEmpty || !restoringUploads.isEmpty {
            hub.publish(.transcript(TranscriptUpdate(items: core.transcript.items, change: .reset(hasMore: false))))
        }
    }

    /// A new subscription to everything the session publishes (starting with the state as it is).
    public nonisolated var events: AsyncStream<ChatEvent> { hub.subscribe() }

    /// Starts the chat and connects; returns at once.
    public func start() {
        feed(.start)
    }

    /// Carries out a front end's command; returns at once (a message shows as pending immediately).
    public func perform(_ command: ChatCommand) {
        switch command {
        case .attach(let path): attach(path: path)
        default: feed(.command(command))
        }
    }

    /// Sends a message; returns its local id (nil when nothing was queued).
    @discardableResult
    public func send(_ text: String) -> String? {
        let before = core.lastQueuedLocalId
        feed(.command(.send(text)))
        return core.lastQueuedLocalId == before ? nil : core.lastQueuedLocalId
    }

    /// Tells every subscriber something they should read (not a transcript item).
    public nonisolated func tell(_ notice: String) {
        hub.publish(.notice(notice))
    }

    /// Carries out `command` and returns what went wrong with it (the notice it caused), if anything.
    public func problem(_ command: ChatCommand) -> String? {
        guard !isFinished else { return "the chat is over" }
        let effects = core.handle(.command(command), now: configuration.now())
        var problem: String?
        for effect in effects {
            if case .publish(.notice(let text)) = effect, problem == nil { problem = text }
            carry(effect)
        }
        return problem
    }

    /// Ends the chat for everyone (after the unsent messages went out) and waits until it is over.
    public func end() async {
        feed(.command(.end))
        await waitUntilFinished()
    }

    /// Waits until the session is closed or has failed (a failed session may still be retried).
    public func waitUntilFinished() async {
        if isFinished || core.connectionState.isTerminal { return }
        await withCheckedContinuation { finishedWaiters.append($0) }
    }

    /// Stops everything at once without ending the chat on the server (it can be resumed): saves
    /// what is unsent, closes the socket, and writes the transcript files out.
    public func shutdown() async {
        feed(.shutdown)
        for (_, timer) in timers { timer.task.cancel() }
        timers = [:]
        for (_, link) in sockets { link.close() }
        sockets = [:]
        for (_, call) in calls { call.cancel() }
        calls = [:]
        finish()
    }

    /// The wire protocol as it stands now (its credentials and protocol state, for inspection).
    public var wire: any ChatWire { core.wire }

    /// The current connection state.
    public var connectionState: ConnectionState { core.connectionState }

    /// True once a connection has opened at least once.
    public var hasConnected: Bool { core.hasConnected }

    /// The transcript as it is now.
    public var items: [ChatItem] { Array(core.transcript.items) }

    /// The session facts (backend, endpoint, our own participant), once the chat has started.
    public var sessionInfo: SessionInfo? { core.info }

    /// Messages not yet accepted by the server (pending or failed), oldest first.
    public var unsentMessages: [OutboxEntry] { core.unsentMessages }

    /// Our attachments the server has not accepted yet.
    public var unfinishedUploads: [UnfinishedUpload] { core.unfinishedUploads }

    /// The choices `/pick` would pick from now, or nil when there is no open picker.
    public var openChoices: [String]? { core.openPicker?.choices }

    /// True while the newest open form is still being loaded.
    public var isLoadingForm: Bool { core.transcript.items.last(where: { $0.isOpenForm })?.form?.isLoaded == false }

    /// Hands the core one input and carries out what it asks.
    func feed(_ input: SessionInput) {
        guard !isFinished else { return }
        let effects = core.handle(input, now: configuration.now())
        for effect in effects { carry(effect) }
    }

    /// Ends every stream and wakes everyone waiting; transcript files are written out first.
    func finish() {
        guard !isFinished else { return }
        isFinished = true
        for sink in configuration.transcripts { sink.drain() }
        for observer in configuration.observers { observer.sessionFinished() }
        hub.finish()
        for waiter in finishedWaiters { waiter.resume() }
        finishedWaiters = []
        for (_, waiters) in downloadWaiters { for waiter in waiters { waiter.resume(returning: nil) } }
        downloadWaiters = [:]
    }

    /// Wakes those waiting for the end once the state is terminal.
    func releaseWaitersIfTerminal() {
        guard core.connectionState.isTerminal else { return }
        for waiter in finishedWaiters { waiter.resume() }
        finishedWaiters = []
    }
}
