import ChatModel
import Foundation
import Logging
import SessionCore
import Transport

/// The headless chat engine: an actor that runs a ``SessionDriver`` on the real network and clock —
/// it hands the driver what happens (commands, answers, frames, wake-ups, each with the time), and
/// the driver's ports carry out what the core asks (calls, frames, timers, events, records, saves).
/// All the rules live in the core and the driver.
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
    var driver: SessionDriver
    let configuration: SessionConfiguration
    let hub = EventHub()
    let network: LiveNetwork
    let clock: LiveClock
    let outlet: SessionOutlet
    /// Commands handed over with ``submit(_:)``, taken in order by the session once started.
    private let submitted = AsyncStream<ChatCommand>.makeStream()
    /// Until when (CLOCK_MONOTONIC ns) a typing notice handed to ``submit(_:)`` would be dropped by
    /// the core's throttle: the core's own answer, kept where the front end's thread can read it.
    private let typingQuiet = TypingQuiet()
    var logger: Logger { configuration.logger }

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
        let core = SessionCore(
            wire: wire, settings: settings, ids: configuration.ids, now: configuration.now(), restoring: restoring,
            restoringUploads: restoringUploads, startedAt: startedAt)
        self.driver = SessionDriver(core: core)
        self.configuration = configuration
        let network = LiveNetwork(transport: configuration.transport, logger: configuration.logger)
        let clock = LiveClock(now: configuration.now, sleep: configuration.sleep)
        self.network = network
        self.clock = clock
        self.outlet = SessionOutlet(hub: hub, configuration: configuration)
        if !restoring.isEmpty || !restoringUploads.isEmpty {
            hub.publish(.transcript(TranscriptUpdate(items: core.transcript.items, change: .reset(hasMore: false))))
        }
        network.session = self
        clock.session = self
    }

    /// A new subscription to everything the session publishes (starting with the state as it is).
    public nonisolated var events: ChatEventStream { hub.subscribe() }

    deinit {
        submitted.continuation.finish()
    }

    /// Starts the chat and connects; returns at once. From now on, commands handed to
    /// ``submit(_:)`` are carried out in the order they were handed over.
    public func start() {
        feed(.start)
        let commands = submitted.stream
        Task { [weak self] in
            for await command in commands { await self?.performSubmitted(command) }
        }
    }

    /// Carries out a command handed to ``submit(_:)``, then notes until when the core's throttle
    /// would drop a typing notice.
    private func performSubmitted(_ command: ChatCommand) {
        perform(command)
        typingQuiet.set(seconds: core.typingQuietUntil?.timeIntervalSince(configuration.now()))
    }

    /// Hands `command` to the session from any thread and returns at once: it is carried out, in
    /// the order handed over, as ``perform(_:)`` when the session is next free. A front end's
    /// thread (the terminal's) so reaches the session in one hop, and never waits for it.
    ///
    /// A typing notice the core's throttle would drop anyway (Connect sends one per 10 s) is not
    /// handed over, so typing does not wake the session per key; any other command may start the
    /// throttle's interval again (a message does), so the next notice is handed over.
    public nonisolated func submit(_ command: ChatCommand) {
        if case .typing = command {
            guard typingQuiet.admits() else { return }
        } else {
            typingQuiet.set(seconds: nil)
        }
        submitted.continuation.yield(command)
    }

    /// True when a typing notice handed over now would reach the core (see ``submit(_:)``).
    public nonisolated var takesTypingNotice: Bool { typingQuiet.admits() }

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
        guard !driver.isFinished else { return "the chat is over" }
        let effects = feed(.command(command))
        for effect in effects {
            if case .publish(.notice(let text)) = effect { return text }
        }
        return nil
    }

    /// Ends the chat for everyone (after the unsent messages went out) and waits until it is over.
    public func end() async {
        feed(.command(.end))
        await waitUntilFinished()
    }

    /// Waits until the session is closed or has failed (a failed session may still be retried).
    public func waitUntilFinished() async {
        if driver.isFinished || core.connectionState.isTerminal { return }
        await withCheckedContinuation { outlet.waitForEnd($0) }
    }

    /// Stops everything at once without ending the chat on the server (it can be resumed): saves
    /// what is unsent, closes the socket, drops every timer and call, and writes the transcript files out.
    public func shutdown() async {
        submitted.continuation.finish()
        let ports = ports
        driver.shutdown(now: configuration.now(), ports: ports)
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

    /// The sign-in the contact center asked for, where it stands (nil: none asked for).
    public var authentication: AuthenticationState? { core.authenticationState }

    /// Makes an HTTP call beside the chat on the session's transport (its proxy, TLS and trace), such as
    /// a script sending the demo's sign-in form; the chat's credentials are not added to it.
    public func callBeside(_ request: HTTPRequest) async -> HTTPResult {
        await configuration.transport.execute(request)
    }

    /// True while the newest open form is still being loaded.
    public var isLoadingForm: Bool { core.transcript.items.last(where: { $0.isOpenForm })?.form?.isLoaded == false }

    /// The core as it is now.
    var core: SessionCore { driver.core }

    /// The live ports: the network, the clock, the store hooks and the outlet.
    var ports: DriverPorts {
        DriverPorts(
            network: network, clock: clock,
            store: LiveStore(onPersist: configuration.onPersist, onForget: configuration.onForget), events: outlet)
    }

    /// Hands the driver one input (it drops what is stale) and lets its ports carry out the effects; returns them.
    @discardableResult
    func feed(_ input: SessionInput) -> [SessionEffect] {
        let ports = ports
        let effects = driver.handle(input, now: configuration.now(), ports: ports)
        releaseWaitersIfTerminal()
        return effects
    }

    /// Wakes those waiting for the end once the state is terminal.
    func releaseWaitersIfTerminal() {
        if core.connectionState.isTerminal { outlet.releaseFinishedWaiters() }
    }
}
