import Foundation

/// Decides which read/delivered receipts to send and when, as the official clients do.
///
/// The first receipt opens a window (5 s); when it closes, at most one `read` and one
/// `delivered` go out — for the newest messages — and a `delivered` for the message that is
/// also being marked `read` is dropped. A message is never acknowledged twice the same way,
/// and never `delivered` after it was `read`. A plain value: time is passed in.
public struct ReceiptScheduler: Sendable, Hashable {
    /// One receipt to send.
    public struct Receipt: Sendable, Hashable {
        /// The acknowledged message's id.
        public var messageId: String
        /// True for `read`, false for `delivered`.
        public var read: Bool

        /// Creates a receipt.
        public init(messageId: String, read: Bool) {
            self.messageId = messageId
            self.read = read
        }
    }

    /// The window length.
    public var window: TimeInterval
    private var pendingDelivered: String?
    private var pendingRead: String?
    private var sentDelivered: Set<String> = []
    private var sentRead: Set<String> = []
    /// When the open window closes, if one is open.
    public private(set) var dueAt: Date?

    /// Creates a scheduler (ChatJS and iOS use a 5 s window).
    public init(window: TimeInterval = 5) {
        self.window = window
    }

    /// A message from someone else arrived; returns when the window closes if this opened it.
    public mutating func delivered(_ messageId: String, at now: Date) -> Date? {
        guard !sentRead.contains(messageId), !sentDelivered.contains(messageId), pendingRead != messageId else { return nil }
        pendingDelivered = messageId
        return open(at: now)
    }

    /// A message from someone else was seen; returns when the window closes if this opened it.
    public mutating func read(_ messageId: String, at now: Date) -> Date? {
        guard !sentRead.contains(messageId) else { return nil }
        pendingRead = messageId
        if pendingDelivered == messageId { pendingDelivered = nil }
        return open(at: now)
    }

    /// The receipts to send now if the window has closed (and closes it).
    public mutating func due(at now: Date) -> [Receipt] {
        guard let dueAt, now >= dueAt else { return [] }
        self.dueAt = nil
        var out: [Receipt] = []
        if let read = pendingRead {
            out.append(Receipt(messageId: read, read: true))
            sentRead.insert(read)
        }
        if let delivered = pendingDelivered, delivered != pendingRead {
            out.append(Receipt(messageId: delivered, read: false))
            sentDelivered.insert(delivered)
        }
        pendingRead = nil
        pendingDelivered = nil
        return out
    }

    /// Forgets everything pending (the chat ended).
    public mutating func cancel() {
        pendingRead = nil
        pendingDelivered = nil
        dueAt = nil
    }

    private mutating func open(at now: Date) -> Date? {
        guard dueAt == nil else { return nil }
        let due = now.addingTimeInterval(window)
        dueAt = due
        return due
    }
}
