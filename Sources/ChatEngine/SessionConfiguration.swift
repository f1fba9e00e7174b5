import Foundation
import Logging

/// Tunables and injected dependencies of a ``ChatSession``.
public struct SessionConfiguration: Sendable {
    /// Reconnect backoff.
    public var backoff: BackoffPolicy
    /// How long after a heartbeat an answer may take before the socket counts as dead.
    public var heartbeatGrace: Duration
    /// Backoff for retrying one message's REST send.
    public var sendBackoff: BackoffPolicy
    /// Shortest gap between two outgoing typing notices, in seconds.
    public var typingInterval: TimeInterval
    /// Whether typing notices are sent at all.
    public var sendsTyping: Bool
    /// Whether read/delivered receipts are sent.
    public var sendsReceipts: Bool
    /// The receipt throttle window, in seconds.
    public var receiptWindow: TimeInterval
    /// How many recent items to load when the chat opens.
    public var initialHistory: Int
    /// Where the engine logs (never tokens).
    public var logger: Logger
    /// The wall clock (injected for tests).
    public var now: @Sendable () -> Date
    /// Sleeps for a duration (injected for tests).
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A uniform random value in 0..<1 for jitter (injected for tests).
    public var random: @Sendable () -> Double
    /// Called with the unsent messages whenever they change, to persist them for a restart.
    public var onOutboxChange: (@Sendable ([OutboxEntry]) -> Void)?

    /// Creates a configuration with production defaults.
    public init(
        backoff: BackoffPolicy = .connect,
        heartbeatGrace: Duration = .seconds(5),
        sendBackoff: BackoffPolicy = BackoffPolicy(
            base: .milliseconds(300), multiplier: 2, cap: .seconds(8), jitter: 0.3, maxAttempts: 6),
        typingInterval: TimeInterval = 10,
        sendsTyping: Bool = true,
        sendsReceipts: Bool = true,
        receiptWindow: TimeInterval = 5,
        initialHistory: Int = 30,
        logger: Logger = Logger(label: "helpline.engine", factory: { _ in SwiftLogNoOpLogHandler() }),
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        onOutboxChange: (@Sendable ([OutboxEntry]) -> Void)? = nil
    ) {
        self.backoff = backoff
        self.heartbeatGrace = heartbeatGrace
        self.sendBackoff = sendBackoff
        self.typingInterval = typingInterval
        self.sendsTyping = sendsTyping
        self.sendsReceipts = sendsReceipts
        self.receiptWindow = receiptWindow
        self.initialHistory = initialHistory
        self.logger = logger
        self.now = now
        self.sleep = sleep
        self.random = random
        self.onOutboxChange = onOutboxChange
    }
}
