/// Where one of the user's own messages is on its way to the other side.
///
/// States only move forward (`pending` → `checking` → `sent` → `delivered` → `read`), except that
/// `failed` can be entered from `pending` and left again by a retry, `unconfirmed` is where a
/// message stays when the chat ended while its answer was still awaited, and the contact center's
/// message processing (rules that redact or block messages) can end a message in `rejected` (for good)
/// or `notProcessed` (a retry may pass).
public enum Delivery: String, Codable, Sendable, Hashable, Comparable {
    /// Shown at once; not yet accepted by the server.
    case pending
    /// Accepted by the server, which is still checking it against its message rules (Connect's
    /// `MessageProcessingStatus` `PROCESSING`); not passed on yet.
    case checking
    /// Accepted by the server.
    case sent
    /// The other side's client received it.
    case delivered
    /// The other side has seen it.
    case read
    /// Sending failed after every retry; the user can retry or drop it.
    case failed
    /// It went out, but the chat ended before the server confirmed it: it may or may not have arrived.
    case unconfirmed
    /// The contact center's message rules blocked it (`REJECTED`): nobody saw it, and sending it
    /// again as it is would be blocked again.
    case rejected
    /// The contact center could not check it against its message rules (`FAILED`): nobody saw it;
    /// the user can retry or drop it.
    case notProcessed

    /// Progress order used to keep receipts from moving a message backwards.
    public var rank: Int {
        switch self {
        case .failed, .rejected, .notProcessed: 0
        case .unconfirmed: 1
        case .pending: 2
        case .checking: 3
        case .sent: 4
        case .delivered: 5
        case .read: 6
        }
    }

    /// Orders deliveries by progress.
    public static func < (lhs: Delivery, rhs: Delivery) -> Bool { lhs.rank < rhs.rank }

    /// True when the message did not reach the other side and no receipt can change that (failed,
    /// rejected or not processed); only a retry moves it on.
    public var isUndelivered: Bool {
        switch self {
        case .failed, .rejected, .notProcessed: true
        default: false
        }
    }

    /// True while the message is on its way and not settled yet (sending, or being checked).
    public var isOnItsWay: Bool { self == .pending || self == .checking }

    /// True when `/retry` may send the message again (failed, or not processed).
    public var isRetryable: Bool { self == .failed || self == .notProcessed }

    /// Short words for the transcript ("sending…", "sent", …).
    public var label: String {
        switch self {
        case .pending: "sending…"
        case .checking: "being checked…"
        case .sent: "sent"
        case .delivered: "delivered"
        case .read: "read"
        case .failed: "failed"
        case .unconfirmed: "not confirmed"
        case .rejected: "not delivered: blocked by the contact center's message rules"
        case .notProcessed: "not delivered: the contact center could not check it"
        }
    }
}
