import ChatModel
import Foundation

/// One of our messages the server has not accepted yet.
public struct OutboxEntry: Codable, Sendable, Hashable {
    /// The client's id for the message.
    public var localId: String
    /// The idempotency key, kept across retries and restarts.
    public var clientToken: String
    /// The text as sent.
    public var text: String
    /// The content type it is sent as.
    public var contentType: String
    /// When the user sent it.
    public var createdAt: Date
    /// True once sending failed for good; only the user's `/retry` sends it again.
    public var failed: Bool
    /// What the transcript shows for it when that is not `text` (a picked carousel option, a form's answer).
    public var display: String?
    /// Why it failed, when the service refused it (a retry would be refused again).
    public var refusal: String?
    /// The offer (a message with choices) this message answers, by item id, and the choice picked: a
    /// run restarted before the server took the answer marks the offer answered again when the server
    /// replays it, so it is not offered (and the same choice sent) twice.
    public var answers: OfferAnswer?
    /// How a failed entry is shown when the contact center's message processing stopped it (`rejected`
    /// or `notProcessed`); nil for one that failed on its way.
    public var outcome: Delivery?
    /// The server's id of a message its processing stopped (it answered with one): a copy of it read
    /// back (a page after a restart) is this message, not another.
    public var serverId: String?

    /// Creates an entry.
    public init(
        localId: String, clientToken: String, text: String, contentType: String, createdAt: Date, failed: Bool = false,
        display: String? = nil, refusal: String? = nil, answers: OfferAnswer? = nil, outcome: Delivery? = nil
    ) {
        self.localId = localId
        self.clientToken = clientToken
        self.text = text
        self.contentType = contentType
        self.createdAt = createdAt
        self.failed = failed
        self.display = display
        self.refusal = refusal
        self.answers = answers
        self.outcome = outcome
    }
}

/// Which offer a queued message answers, and with which of its choices.
public struct OfferAnswer: Codable, Sendable, Hashable {
    /// The id of the item that offered the choices.
    public var offerId: String
    /// The choice picked (the item's `answer`).
    public var choice: String

    /// Creates an answer of `offerId` with `choice`.
    public init(offerId: String, choice: String) {
        self.offerId = offerId
        self.choice = choice
    }
}

/// The ordered queue of our unsent messages: typed order is server order.
///
/// Only the head (the oldest entry that has not failed) is ever on its way; the next one goes when
/// the server has accepted it. A message that failed for good steps aside (the next ones go on);
/// `/retry` puts it at the end of the queue again.
struct Outbox: Sendable {
    /// Where the head is.
    enum HeadState: Sendable, Equatable {
        /// Waiting to be sent (or for the pause before the next try).
        case waiting
        /// Its send call (or frame) is under way.
        case inFlight
        /// Written on the socket; its echo confirms it.
        case awaitingEcho
        /// Written on a socket that ended before the echo came: the next socket's replay tells whether
        /// the server has it (a resend before then could deliver it twice).
        case unconfirmed
    }

    /// Entries, oldest first.
    private(set) var entries: [OutboxEntry] = []
    /// Where the head is.
    private(set) var headState = HeadState.waiting
    /// Failed tries of the head since it last got further.
    private(set) var attempts = 0
    /// Times the head's echo did not come on a socket that was otherwise alive.
    private(set) var echoTimeouts = 0
    /// True once the head went out in a way the server may have received (written on a socket, or a
    /// call that failed after it was sent): if the chat ends now, it is "not confirmed", not "failed".
    private(set) var headMayHaveArrived = false
    /// True while the head's next try waits for the send-retry timer.
    private(set) var retryScheduled = false
    /// Our own messages seen on the socket while the head's send call was under way (Connect): they
    /// are matched when the call answers with the server's id.
    private(set) var heldEchoes: [ChatItem] = []
    /// Verdicts of the message processing that came before the send answer naming their message.
    private(set) var heldVerdicts: [String: MessageProcessing] = [:]

    /// The oldest entry that has not failed.
    var head: OutboxEntry? { entries.first { !$0.failed } }

    /// Entries that have not failed.
    var unsent: [OutboxEntry] { entries.filter { !$0.failed } }

    /// True when nothing waits to be sent.
    var isDrained: Bool { head == nil }

    /// The entry with this local id.
    func entry(localId: String) -> OutboxEntry? { entries.first { $0.localId == localId } }

    /// Adds a message at the end.
    mutating func append(_ entry: OutboxEntry) { entries.append(entry) }

    /// Records where the head is now.
    mutating func setHead(_ state: HeadState) {
        headState = state
        if state == .awaitingEcho || state == .unconfirmed { headMayHaveArrived = true }
    }

    /// Notes that the head's last try may have reached the server although no answer said so.
    mutating func noteHeadMayHaveArrived() { headMayHaveArrived = true }

    /// Counts a failed try of the head; returns the count.
    mutating func countFailure() -> Int {
        attempts += 1
        headState = .waiting
        return attempts
    }

    /// The head's next try waits for the send-retry timer.
    mutating func scheduleRetry() { retryScheduled = true }

    /// The send-retry wait is over, or no longer needed: true when one was scheduled.
    @discardableResult
    mutating func endRetryWait() -> Bool {
        defer { retryScheduled = false }
        return retryScheduled
    }

    /// Holds our own message seen on the socket while the head's send call is under way.
    mutating func hold(_ echo: ChatItem) { heldEchoes.append(echo) }

    /// Lets every held message go (to be shown as ours); returns them, oldest first.
    mutating func releaseHeldEchoes() -> [ChatItem] {
        defer { heldEchoes = [] }
        return heldEchoes
    }

    /// Takes the held message with `text` (the head's copy from the server), or nil when none came.
    mutating func takeHeldEcho(text: String) -> ChatItem? {
        guard let echo = heldEchoes.first(where: { DeliveredText.isCopy($0.text, of: text) }) else { return nil }
        heldEchoes.removeAll { $0.id == echo.id }
        return echo
    }

    /// Counts a late echo of the head; returns the count.
    mutating func countEchoTimeout() -> Int {
        echoTimeouts += 1
        return echoTimeouts
    }

    /// Removes an entry the server accepted (or the user dropped); the next one becomes the head.
    mutating func remove(localId: String) {
        let wasHead = head?.localId == localId
        entries.removeAll { $0.localId == localId }
        if wasHead { nextHead() }
    }

    /// Marks an entry failed for good (with the service's refusal, if it refused it, and how the
    /// contact center's message processing left it, if it stopped it).
    mutating func fail(localId: String, refusal: String? = nil, outcome: Delivery? = nil, serverId: String? = nil) {
        let wasHead = head?.localId == localId
        guard let index = entries.firstIndex(where: { $0.localId == localId }) else { return }
        entries[index].failed = true
        entries[index].refusal = refusal
        entries[index].outcome = outcome
        entries[index].serverId = serverId
        if wasHead { nextHead() }
    }

    /// Keeps a verdict of the contact center's message processing that came for message `id` before
    /// the send call that names `id` answered (at most a few).
    mutating func holdVerdict(_ verdict: MessageProcessing, for id: String) {
        if heldVerdicts.count >= 16 { heldVerdicts.removeAll() }
        heldVerdicts[id] = verdict
    }

    /// Takes the verdict held for message `id`, if one came early.
    mutating func takeVerdict(for id: String) -> MessageProcessing? {
        heldVerdicts.isEmpty ? nil : heldVerdicts.removeValue(forKey: id)
    }

    /// Puts a failed entry at the end of the queue again; false when it is not a failed entry.
    mutating func revive(localId: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.localId == localId }), entries[index].failed else { return false }
        var entry = entries.remove(at: index)
        entry.failed = false
        entry.refusal = nil
        entry.outcome = nil
        entry.serverId = nil
        let becomesHead = head == nil
        entries.append(entry)
        if becomesHead { nextHead() }
        return true
    }

    private mutating func nextHead() {
        headState = .waiting
        attempts = 0
        echoTimeouts = 0
        headMayHaveArrived = false
    }
}
