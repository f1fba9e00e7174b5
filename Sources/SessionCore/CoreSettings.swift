import Foundation

/// The session core's tunables.
public struct CoreSettings: Sendable, Hashable {
    /// Whether typing notices are sent at all.
    public var sendsTyping = true
    /// Whether read/delivered receipts are sent.
    public var sendsReceipts = true
    /// The receipt throttle window, in seconds (the official clients' `throttleTime`).
    public var receiptWindow: TimeInterval = 5
    /// How many recent items to load when the chat opens.
    public var initialHistory = 30
    /// How long after a heartbeat an answer may take before the socket counts as dead.
    public var heartbeatGrace: Duration = .seconds(5)
    /// The pause between tries of a message that could not be sent (no limit on tries while the chat is on).
    public var sendBackoff = BackoffPolicy(base: .milliseconds(300), multiplier: 2, cap: .seconds(8), jitter: 0.3)
    /// The reconnect backoff, when not the protocol's own.
    public var reconnectPolicy: BackoffPolicy?
    /// Attempts to connect before the first successful open (a chat that never connected fails fast).
    public var firstConnectAttempts = 3
    /// How long a message written on a socket may wait for its echo before the socket is replaced.
    public var echoTimeout: Duration = .seconds(10)
    /// Late echoes of one message (each followed by a new socket and its replay) before the message fails.
    public var echoAttempts = 3
    /// How long each subscription attempt may wait for the server's confirmation (three resends).
    public var subscribeTimeout: Duration = .seconds(1)
    /// How long `/end` waits for unsent messages to go out first.
    public var endFlushTimeout: Duration = .seconds(10)
    /// How long to wait for the server's `chat.ended` after ending the chat ourselves.
    public var endGrace: Duration = .seconds(1)
    /// Split messages longer than the service takes into numbered parts (false: refuse them).
    public var splitsLongMessages = true
    /// Whether records for transcript files are made (``SessionEffect/record(_:)``).
    public var recordsTranscript = false
    /// Whether connection diagnostics (last frames, heartbeats, states) are kept and published for a
    /// diagnostics view; off for headless runs, where nobody reads them and redacting frames costs.
    public var recordsDiagnostics = true
    /// Stop the program at a state the core holds to be impossible: on in debug builds (the tests,
    /// `make run`), off in release builds, where it is logged and kept in
    /// ``SessionCore/brokenInvariants`` (which the simulator checks after every step).
    #if DEBUG
    public var stopsOnBrokenInvariant = true
    #else
    public var stopsOnBrokenInvariant = false
    #endif

    /// The defaults.
    public init() {}
}
