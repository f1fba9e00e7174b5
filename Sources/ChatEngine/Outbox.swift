import Foundation

/// One of our messages that the server has not accepted yet.
public struct OutboxEntry: Codable, Sendable, Hashable {
    /// The client's id for the message.
    public var localId: String
    /// The idempotency key, kept across retries.
    public var clientToken: String
    /// The text.
    public var text: String
    /// The content type it is sent as.
    public var contentType: String
    /// When the user sent it.
    public var createdAt: Date
    /// True after the retry budget ran out; only the user's retry sends it again.
    public var failed: Bool
    /// What the transcript shows for it when that is not `text` (a picked carousel option, a form's answer).
    public var display: String?

    /// Creates an entry.
    public init(
        localId: String, clientToken: String, text: String, contentType: String, createdAt: Date, failed: Bool = false,
        display: String? = nil
    ) {
        self.localId = localId
        self.clientToken = clientToken
        self.text = text
        self.contentType = contentType
        self.createdAt = createdAt
        self.failed = failed
        self.display = display
    }
}

/// The ordered queue of unsent messages, with which ones are on their way right now.
struct Outbox: Sendable {
    private(set) var entries: [OutboxEntry] = []
    private var inFlight: Set<String> = []

    /// Adds a message at the end.
    mutating func append(_ entry: OutboxEntry) {
        entries.append(entry)
    }

    /// The entry with this local id.
    func entry(localId: String) -> OutboxEntry? {
        entries.first { $0.localId == localId }
    }

    /// Entries waiting to be sent (not failed, not in flight), oldest first.
    var ready: [OutboxEntry] {
        entries.filter { !$0.failed && !inFlight.contains($0.localId) }
    }

    /// Marks an entry as being sent; false when it already is.
    mutating func begin(localId: String) -> Bool {
        guard entry(localId: localId) != nil else { return false }
        return inFlight.insert(localId).inserted
    }

    /// Marks a send attempt as over without success.
    mutating func pause(localId: String) {
        inFlight.remove(localId)
    }

    /// Marks an entry failed after its retries.
    mutating func fail(localId: String) {
        inFlight.remove(localId)
        if let index = entries.firstIndex(where: { $0.localId == localId }) { entries[index].failed = true }
    }

    /// Makes a failed entry ready again.
    mutating func revive(localId: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.localId == localId }), entries[index].failed else { return false }
        entries[index].failed = false
        return true
    }

    /// Removes an entry once accepted or dropped.
    mutating func remove(localId: String) {
        inFlight.remove(localId)
        entries.removeAll { $0.localId == localId }
    }
}
