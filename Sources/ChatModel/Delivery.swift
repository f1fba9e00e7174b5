/// Where one of the user's own messages is on its way to the other side.
///
/// States only move forward (`pending` → `sent` → `delivered` → `read`), except that
/// `failed` can be entered from `pending` and left again by a retry, and `unconfirmed` is where a
/// message stays when the chat ended while its answer was still awaited.
public enum Delivery: String, Codable, Sendable, Hashable, Comparable {
    /// Shown at once; not yet accepted by the server.
    case pending
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

    /// Progress order used to keep receipts from moving a message backwards.
    public var rank: Int {
        switch self {
        case .failed: 0
        case .unconfirmed: 1
        case .pending: 2
        case .sent: 3
        case .delivered: 4
        case .read: 5
        }
    }

    /// Orders deliveries by progress.
    public static func < (lhs: Delivery, rhs: Delivery) -> Bool { lhs.rank < rhs.rank }

    /// Short words for the transcript ("sending…", "sent", …).
    public var label: String {
        switch self {
        case .pending: "sending…"
        case .sent: "sent"
        case .delivered: "delivered"
        case .read: "read"
        case .failed: "failed"
        case .unconfirmed: "not confirmed"
        }
    }
}
