import ChatModel
import ChatUI
import Foundation
import Synchronization

/// Tracks what line mode has printed and when the chat was last active.
///
/// "Active" means a line was read from stdin or a transcript item arrived or changed; connection
/// diagnostics (heartbeats), typing and queue updates do not count, so `--linger` measures quiet
/// time in the conversation itself. Quiet time counts only while connected: a chat that is
/// reconnecting waits for the connection (and the replies it missed), up to the settle limit.
actor PlainActivity {
    /// What ``quietness(for:settleLimit:)`` found.
    enum Quietness: Equatable, Sendable {
        /// Keep waiting.
        case waiting
        /// Everything typed is sent and nothing happened for the quiet time: the chat may end.
        case quiet
        /// Messages are still unconfirmed after the settle limit: end anyway, saying how many.
        case unsettled(Int)
        /// The chat never connected within the settle limit, so nothing typed was sent (this many
        /// messages): end anyway, saying so.
        case neverConnected(Int)
        /// The connection went down and stayed down for the settle limit: end anyway, saying so.
        case offline
        /// The chat is already over.
        case ended
    }

    private let now: @Sendable () -> ContinuousClock.Instant
    private var printed: Set<String> = []
    private var pending: Set<String> = []
    private var failed: [String] = []
    /// What the contact center had done to each printed message of ours when it was last told.
    private var outcomes: [String: PlainOutcome] = [:]
    private var lastActivity: ContinuousClock.Instant
    /// Messages handed to the engine whose transcript item has not appeared yet.
    private var awaitingItems = 0
    private var opened = false
    /// True while the connection is open (quiet time does not count while it is down).
    private var isOpen = false
    /// When the open connection went down, while it is down.
    private var downSince: ContinuousClock.Instant?
    /// Attachments by the order they were printed (local id or id), for `/download N`.
    var attachmentKeys: [String] = []
    var attachmentsByKey: [String: Attachment] = [:]
    /// Attachments to open once saved.
    var opens: Set<String> = []
    /// Rejected attachments already reported.
    var rejections: Set<String> = []
    /// Transfer progress steps already printed (direction, id, percent).
    var reportedSteps: Set<String> = []
    /// The forms as last printed, by item id.
    var forms: [String: ChatForm] = [:]
    /// True once the chat is over (a terminal connection state).
    private(set) var hasEnded = false

    /// Whether stdout closed, and whether the chat was ended for it.
    private let closedOutput = Mutex((closed: false, endAsked: false))

    /// Notes that a transcript line could not be written (stdout is a closed pipe).
    nonisolated func outputClosed() { closedOutput.withLock { $0.closed = true } }

    /// True once, after stdout closed: the moment to end the chat.
    nonisolated func shouldEndForClosedOutput() -> Bool {
        closedOutput.withLock { state in
            guard state.closed, !state.endAsked else { return false }
            state.endAsked = true
            return true
        }
    }

    /// Creates a tracker reading time from `now` (injected in tests).
    init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
        lastActivity = now()
    }

    /// Notes an event the engine published.
    func note(_ event: ChatEvent) {
        switch event {
        case .transcript(let update):
            lastActivity = now()
            guard let item = update.item, item.isOwn, let localId = item.localId else { return }
            if update.isNewItem {
                if !item.isHistory { awaitingItems = max(0, awaitingItems - 1) }
                if item.delivery?.isOnItsWay == true { pending.insert(localId) }
                return
            }
            if item.canRetry {
                if !failed.contains(localId) { failed.append(localId) }
            } else {
                failed.removeAll { $0 == localId }
            }
            if item.delivery?.isOnItsWay != true { pending.remove(localId) }
        case .connection(let state):
            // Coming back counts as activity: the replies missed while away arrive after it.
            if state == .open, !isOpen { lastActivity = now() }
            if isOpen, state != .open { downSince = now() }
            isOpen = state == .open
            if isOpen { downSince = nil }
            if state == .open { opened = true }
            if state.isTerminal { hasEnded = true }
        default:
            break
        }
    }

    /// Notes a line read from stdin.
    func lineRead() { lastActivity = now() }

    /// Notes a message handed to the engine (its item is expected).
    func messageHandedOver() { awaitingItems += 1 }

    /// Whether line mode may end the chat now that stdin has ended: once the chat has connected,
    /// every message typed is at least sent, and nothing happened for `quiet`. Messages that stay
    /// unconfirmed (or a chat that does not connect, whose messages were never sent) end it anyway
    /// after `settleLimit` of quiet (or `quiet`, when longer).
    func quietness(for quiet: Duration, settleLimit: Duration) -> Quietness {
        if hasEnded { return .ended }
        let idle = now() - lastActivity
        let unsettled = pending.count + awaitingItems
        if opened, unsettled == 0 {
            if isOpen { return idle >= quiet ? .quiet : .waiting }
            let down = downSince.map { now() - $0 } ?? idle
            return down >= max(quiet, settleLimit) ? .offline : .waiting
        }
        guard idle >= max(quiet, settleLimit) else { return .waiting }
        // Before the first connection nothing goes out: what waits was never sent, not unconfirmed.
        return opened ? .unsettled(unsettled) : .neverConnected(unsettled)
    }

    /// Returns once ``quietness(for:settleLimit:)`` says the chat may end (or has ended).
    func waitUntilQuiet(for quiet: Duration, settleLimit: Duration = .seconds(30)) async -> Quietness {
        while true {
            let verdict = quietness(for: quiet, settleLimit: settleLimit)
            if verdict != .waiting { return verdict }
            try? await Task.sleep(for: .milliseconds(50))
            if Task.isCancelled { return .ended }
        }
    }

    /// True the first time one of our messages leaves `pending` (or `checking`).
    func shouldPrintSettled(_ item: ChatItem) -> Bool {
        guard item.isOwn, let localId = item.localId, item.delivery?.isOnItsWay != true else { return false }
        guard printed.insert(localId).inserted else { return false }
        outcomes[localId] = PlainOutcome(item)
        return true
    }

    /// What the contact center did to our message printed before (redacted it, or its check stopped
    /// it), when that is new since it was printed: line mode cannot redraw the line, so it says so.
    func lateOutcome(_ item: ChatItem) -> PlainOutcome? {
        guard item.isOwn, let localId = item.localId, printed.contains(localId), let outcome = PlainOutcome(item),
            outcomes[localId] != outcome
        else { return nil }
        outcomes[localId] = outcome
        return outcome
    }

    /// The newest failed message, for `/retry`.
    func newestFailed() -> String? { failed.last }

    /// Notes that our message was printed (as it is now); true the first time.
    func markPrinted(_ item: ChatItem) -> Bool {
        guard let localId = item.localId, printed.insert(localId).inserted else { return false }
        outcomes[localId] = PlainOutcome(item)
        return true
    }

    /// True once anything was printed.
    var hasPrinted: Bool { printedItems > 0 }

    /// Items printed so far.
    var printedItems = 0

    private var streaming: Set<String> = []

    /// Remembers a streamed reply that is still growing.
    func holdStreaming(_ id: String) { streaming.insert(id) }

    /// True once a held streamed reply has settled (printed then, once).
    func releaseStreamed(_ item: ChatItem) -> Bool {
        guard !item.isStreaming, streaming.contains(item.id) else { return false }
        streaming.remove(item.id)
        return true
    }
}

/// What the contact center did to one of our messages that its line says (nil: nothing of note).
enum PlainOutcome: Equatable, Sendable {
    /// Its message rules redacted it.
    case redacted
    /// Its message rules blocked it.
    case rejected
    /// Its check failed.
    case notProcessed

    /// The outcome `item` shows, if any.
    init?(_ item: ChatItem) {
        switch item.delivery {
        case .rejected: self = .rejected
        case .notProcessed: self = .notProcessed
        case .some where item.isRedacted: self = .redacted
        default: return nil
        }
    }
}
