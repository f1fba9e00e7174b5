import ChatModel
import Foundation

/// The conversation's state and rules as one plain value: inputs in (commands, socket and HTTP
/// results, timers, each with the time), effects out (calls to make, frames to write, timers,
/// events to publish, records to write, snapshots to save).
///
/// It does no I/O, reads no clock and starts no task, so the same core runs under the real driver
/// (`ChatSession`) and under a deterministic simulator that explores thousands of interleavings.
///
/// ```swift
/// var core = SessionCore(wire: wire, settings: CoreSettings(), ids: IDSource(seed: 7), now: now)
/// let effects = core.handle(.start, now: now)   // e.g. [.publish(.connection(.connecting)), .http(r1, …)]
/// ```
public struct SessionCore: Sendable {
    /// What a pending call was for.
    enum Purpose: Sendable, Hashable {
        case start, connect, renew, send(String), typing, receipt(String, read: Bool)
        case backfill(TranscriptRequest), older, reload, end
        case upload(String), downloadURL(String, directory: String?), download(String), view(String)
        case authenticationLink(String), cancelAuthentication(String)
    }

    /// The protocol.
    public internal(set) var wire: any ChatWire
    /// Tunables.
    public let settings: CoreSettings
    /// The one transcript.
    public internal(set) var transcript: Transcript
    /// The connection life cycle.
    public internal(set) var connection: ConnectionStateMachine
    /// Who we are, once started.
    public internal(set) var info: SessionInfo?
    /// Ids and random numbers.
    var ids: IDSource
    /// The local id of the message queued last (the first part of a split one).
    public internal(set) var lastQueuedLocalId: String?
    var outbox = Outbox()
    var typing: TypingThrottle
    var receipts: ReceiptScheduler
    var diagnostics = DiagnosticsRecorder()
    var uploads = PendingUploads()
    /// The sign-in the contact center asked for, if any.
    var authentication = CustomerAuthentication()
    /// Uploads restored from an earlier run, not yet told of (at the start).
    var restoredUploads: [String] = []

    /// The socket: which one, its stage, its heartbeat.
    var socket = SocketMachine()
    /// True while a front end shows the diagnostics: frame-by-frame snapshots are published only then.
    var diagnosticsWatched = false
    /// The partner named in the last saved snapshot (a new one that writes saves again).
    var persistedPartner: String?
    /// The calls on their way and the operations waiting to be made again.
    var calls = CallBook()
    /// The link's round trip as measured; waits for answers grow with it.
    var link = LinkTiming()
    var now: Date
    let startedAt: Date

    /// Reading the transcript from the server: the first page, older pages, a reload, the backfill and its horizon.
    var history = HistoryPaging()
    /// Ending the chat: how far the user's end has gone, whether the server ended it, and why.
    var ending = ChatEnding()
    /// True until the socket has caught up with what was said since the last connection (or ever).
    var missedUnread = true
    /// True when the chat ended before what was said while disconnected could be read back.
    public internal(set) var transcriptMayBeIncomplete = false
    /// States the core holds to be impossible that were reached anyway (release builds only: a debug
    /// build stops at the first); the simulator checks this after every step.
    public internal(set) var brokenInvariants: [String] = []
    /// Downloads under way: the attachment's name and size by call.
    var downloads: [RequestID: (attachmentId: String, name: String, size: Int64?)] = [:]
    var renewalsInARow = 0
    /// A send refused with 403 since the connection was last renewed (the next one fails the message).
    var accessDeniedSinceRenewal = false
    /// One copy of each sender for all their items.
    var participants = ParticipantPool()
    /// What was last recorded for each item (by id and by local id): a hash of the line.
    var recorded: [String: Int] = [:]
    var typingInFlight = false
    var isFinished = false
    var effects: [SessionEffect] = []
    /// True for a chat an earlier run began (it is kept for resume from the start, not only once connected).
    let isResumed: Bool

    /// A core for `wire`, nothing started; `restoring` holds the messages a previous run left unsent
    /// (shown at once as pending and sent with their original client tokens), `restoringUploads` the
    /// attachments it left unsent (shown as failed, told of at the start, sent again on `/retry`),
    /// `startedAt` when the chat began if it is an earlier one.
    public init(
        wire: any ChatWire, settings: CoreSettings = CoreSettings(), ids: IDSource, now: Date,
        restoring outbox: [OutboxEntry] = [], restoringUploads: [SavedUpload] = [], startedAt: Date? = nil
    ) {
        self.wire = wire
        self.settings = settings
        self.ids = ids
        self.now = now
        self.startedAt = startedAt ?? now
        self.isResumed = startedAt != nil
        let capabilities = wire.capabilities
        self.transcript = Transcript(ordering: capabilities.ordering)
        self.connection = ConnectionStateMachine(
            policy: settings.reconnectPolicy ?? capabilities.reconnectPolicy, firstConnectAttempts: settings.firstConnectAttempts)
        self.typing = TypingThrottle(interval: capabilities.typingInterval)
        self.receipts = ReceiptScheduler(window: settings.receiptWindow)
        for entry in outbox { restore(entry) }
        for upload in restoringUploads { restore(upload) }
        _ = transcript.takeUpdates()
    }

    /// Handles one input at `now`; returns what to do, in order.
    public mutating func handle(_ input: SessionInput, now: Date) -> [SessionEffect] {
        self.now = max(self.now, now)
        guard !isFinished else { return [] }
        switch input {
        case .start: start()
        case .command(let command): perform(command)
        case .attach(let file): attach(file)
        case .http(let id, let result): answered(id, result)
        case .progress(let id, let bytes): progressed(id, bytes: bytes)
        case .downloaded(let id, let result): downloaded(id, result)
        case .socketOpened(let id): socketOpened(id)
        case .socketFrame(let id, let frame): received(frame, on: id)
        case .socketSkippedOversized(let id, let bytes): skippedOversized(bytes, on: id)
        case .socketClosed(let id, let close): socketEnded(id, close)
        case .timer(let key): fired(key)
        case .shutdown: shutdown()
        }
        checkInvariants()
        flushTranscript()
        defer { effects = [] }
        return effects
    }

    /// The current connection state.
    public var connectionState: ConnectionState { connection.state }

    /// Until when a typing notice would be dropped by the protocol's throttle (nil: the next one
    /// counts — and always for a protocol that wants every keystroke, as PolyAI's STOPPED does).
    public var typingQuietUntil: Date? {
        wire.capabilities.typingInterval > 0 ? typing.quietUntil : nil
    }

    /// Our unsent messages, oldest first (failed ones included).
    public var unsentMessages: [OutboxEntry] { outbox.entries }

    /// Our attachments the server has not accepted yet.
    public var unfinishedUploads: [UnfinishedUpload] { uploads.unfinished }

    /// True once a connection has opened.
    public var hasConnected: Bool { connection.hasOpened }

    /// The sign-in the contact center asked for, as last published (nil: none asked for).
    public var authenticationState: AuthenticationState? { authentication.state }

    /// True when older pages can be fetched.
    public var hasOlderPages: Bool { history.olderPageToken != nil }

    // MARK: - Small helpers the other files share

    mutating func emit(_ effect: SessionEffect) { effects.append(effect) }

    mutating func publish(_ event: ChatEvent) { effects.append(.publish(event)) }

    mutating func notice(_ text: String) { effects.append(.publish(.notice(text))) }

    mutating func log(_ level: LogLevel, _ text: String) { effects.append(.log(level, text)) }

    mutating func startTimer(_ key: TimerKey, after delay: Duration) {
        effects.append(.startTimer(key, at: now.addingTimeInterval(delay.seconds)))
    }

    mutating func cancelTimer(_ key: TimerKey) { effects.append(.cancelTimer(key)) }

    /// Starts `purpose`'s operation on the wire and carries out what the wire answers.
    mutating func begin(_ purpose: Purpose, _ operation: WireOperation) {
        let output = wire.begin(operation, now: now)
        carry(output, operation: operation, purpose: purpose)
    }

    /// Carries out a wire's answer for an operation.
    mutating func carry(_ output: WireOutput, operation: WireOperation, purpose: Purpose) {
        switch output {
        case .request(let request):
            let id = newRequest(operation, purpose)
            emit(.http(id, request))
        case .upload(let upload):
            let id = newRequest(operation, purpose)
            emit(.upload(id, upload))
        case .retry(let delay):
            startTimer(.operation(RetryKey(purpose)), after: delay)
            calls.wait(operation, for: purpose, key: RetryKey(purpose))
        case .write(let frames, let timers, let result):
            guard let id = socket.id, socket.isOpen else {
                finished(purpose, .failure(.socketUnavailable))
                return
            }
            for frame in frames { write(frame, on: id) }
            for timer in timers { startTimer(.wire(timer.name), after: timer.delay) }
            finished(purpose, .success(result))
        case .done(let result):
            finished(purpose, .success(result))
        case .failed(let error):
            finished(purpose, .failure(error))
        }
    }

    private mutating func newRequest(_ operation: WireOperation, _ purpose: Purpose) -> RequestID {
        calls.send(operation, for: purpose, now: now)
    }

    /// A call answered: the wire reads it and goes on.
    private mutating func answered(_ id: RequestID, _ result: HTTPResult) {
        guard let call = calls.answered(id) else { return }
        if case .response = result { link.note(now.timeIntervalSince(call.sentAt)) }
        let output = wire.resume(call.operation, with: result, now: now)
        carry(output, operation: call.operation, purpose: call.purpose)
    }

    /// Writes a frame on the socket and notes it for diagnostics.
    mutating func write(_ frame: String, on id: SocketID) {
        if socket.id != id || !socket.isOpen { broken("a frame written on \(id), the socket is \(socket.stage)") }
        emit(.write(id, frame))
        noteFrame(frame, outgoing: true)
    }

    /// `base`, or longer on a slow link: at least `factor` round trips (``LinkTiming/patient(_:rounds:)``).
    func patient(_ base: Duration, rounds factor: Double) -> Duration {
        link.patient(base, rounds: factor)
    }
}
