import ChatModel
import Foundation
import Logging
import SessionCore
import Transport

/// How a ``ChatSession`` runs: the core's tunables, and what the driver is given from outside
/// (clock, sleep, ids, where to log, save and write).
public struct SessionConfiguration: Sendable {
    /// The session core's tunables.
    public var core: CoreSettings
    /// Where the session logs (never tokens).
    public var logger: Logger
    /// The wall clock (injected for tests).
    public var now: @Sendable () -> Date
    /// Sleeps for a duration (injected for tests).
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Where local ids and backoff jitter come from.
    public var ids: IDSource
    /// The HTTP transport; its settings (headers, trace, TLS, proxy) also apply to the session's sockets.
    public var transport: HTTPTransport
    /// Called with what a restart needs (credentials, unsent messages) whenever it changes, once connected.
    public var onPersist: (@Sendable (SessionSnapshot) -> Void)?
    /// Called when the chat is over and nothing should be resumed.
    public var onForget: (@Sendable () -> Void)?
    /// Where transcript records go.
    public var transcripts: [any TranscriptSink]
    /// Who sees every published event as it is published (recorders, `helpline script`'s frame clock).
    public var observers: [any SessionObserver]

    /// Creates a configuration with production defaults around `transport`, which the caller always
    /// chooses (so a run's `--header`, `--trace` and `--proxy` cannot be dropped by a default).
    public init(
        transport: HTTPTransport, core: CoreSettings = CoreSettings(),
        logger: Logger = Logger(label: "helpline.engine", factory: { _ in SwiftLogNoOpLogHandler() }),
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        ids: IDSource = .random(),
        onPersist: (@Sendable (SessionSnapshot) -> Void)? = nil, onForget: (@Sendable () -> Void)? = nil,
        transcripts: [any TranscriptSink] = [], observers: [any SessionObserver] = []
    ) {
        self.core = core
        self.logger = logger
        self.now = now
        self.sleep = sleep
        self.ids = ids
        self.transport = transport
        self.onPersist = onPersist
        self.onForget = onForget
        self.transcripts = transcripts
        self.observers = observers
    }

    /// Whether typing notices are sent.
    public var sendsTyping: Bool {
        get { core.sendsTyping }
        set { core.sendsTyping = newValue }
    }

    /// Whether read/delivered receipts are sent.
    public var sendsReceipts: Bool {
        get { core.sendsReceipts }
        set { core.sendsReceipts = newValue }
    }
}
