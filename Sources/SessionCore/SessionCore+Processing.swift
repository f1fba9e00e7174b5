import ChatModel
import Foundation

/// The contact center's message processing (Amazon Connect's `MessageProcessingStatus`): rules that
/// check each message before anyone sees it, redacting parts of it or blocking it.
///
/// A send may answer that the message is still being checked (`checking` until its copy comes), that
/// it was blocked (`rejected`: kept here, never shown as sent, not sent again as it is) or that the
/// check failed (`notProcessed`: `/retry` sends its text again as a new message, the failed attempt
/// staying as it was). A verdict may also come
/// later, for a message that was being checked. A redacted copy is handled by the transcript: its
/// text is shown, and what was typed is kept beside it.
extension SessionCore {
    /// The send of `localId` was answered, and its message stopped by the check (`rejected`, `failed`).
    mutating func settleStopped(_ localId: String, id: String, time: Date, sequence: Int64?, verdict: MessageProcessing) {
        let wasHead = outbox.head?.localId == localId
        stop(localId: localId, verdict: verdict, serverId: id)
        transcript.acknowledge(localId: localId, id: id, time: time, sequence: sequence, delivery: verdict.delivery)
        if wasHead {
            cancelTimer(.echoWait)
            if outbox.endRetryWait() { cancelTimer(.sendRetry) }
        }
        releaseHeldEchoes()
        persist()
        pumpOutbox()
        if ending.isFlushing { endIfFlushed() }
    }

    /// A verdict on our message `messageId` that came after its send was answered (on the socket, or
    /// on a page read back).
    mutating func processed(messageId: String, verdict: MessageProcessing) {
        guard let item = transcript.item(id: messageId) else {
            // A message of ours whose answer has not come yet (its call is out, or went out before a
            // restart or a lost answer and is sent again under its ClientToken): the answer names it.
            if !outbox.isDrained { outbox.holdVerdict(verdict, for: messageId) }
            return
        }
        guard item.isOwn, let current = item.delivery else { return }
        switch verdict {
        case .processing:
            if current == .pending { transcript.modify(id: messageId) { $0.delivery = .checking } }
        case .rejected, .failed:
            // A message of this run is kept in the outbox (failed), so /drop removes it and, for a failed
            // check, /retry sends it. One read back from an earlier run (no local id) is only shown so:
            // it may be an attempt a retry has since replaced.
            guard let localId = item.localId else {
                if current != verdict.delivery { transcript.modify(id: messageId) { $0.delivery = verdict.delivery } }
                return
            }
            let kept = outbox.entry(localId: localId)
            guard current != verdict.delivery || kept == nil else { return }
            if kept == nil {
                outbox.append(OutboxEntry(
                    localId: localId, clientToken: ids.uuid(), text: item.sentText ?? item.typedText ?? item.text,
                    contentType: item.contentType, createdAt: item.time, failed: true,
                    display: item.sentText == nil ? nil : item.text))
            }
            stop(localId: localId, verdict: verdict, serverId: messageId)
            transcript.modify(id: messageId) { $0.delivery = verdict.delivery }
            persist()
        }
    }

    /// The chat ended while the contact center was still checking messages of ours: it never said
    /// whether they passed, so they are "not confirmed" (they may or may not have reached anyone).
    mutating func checksNeverAnswered() {
        let checking = transcript.items.filter { $0.delivery == .checking }.map(\.id)
        for id in checking { transcript.modify(id: id) { $0.delivery = .unconfirmed } }
    }

    /// Marks the entry `localId` stopped by the check: a blocked one cannot be retried as it is; a
    /// failed one can (as a new message).
    private mutating func stop(localId: String, verdict: MessageProcessing, serverId: String) {
        switch verdict {
        case .rejected:
            outbox.fail(
                localId: localId, refusal: "the contact center's message rules block it", outcome: .rejected, serverId: serverId)
        case .failed, .processing:
            outbox.fail(localId: localId, outcome: .notProcessed, serverId: serverId)
        }
    }
}
