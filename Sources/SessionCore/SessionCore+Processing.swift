import ChatModel
import Foundation

/// The contact center's message processing (Amazon Connect's `MessageProcessingStatus`): rules that
/// check each message before anyone sees it, redacting parts of it or blocking it.
///
/// A send may answer that the message is still being checked (`checking` until its copy comes), that
/// it was blocked (`rejected`: kept here, never shown as sent, not sent again as it is) or that the
/// check failed (`notProcessed`: `/retry` sends it again as a new message). A verdict may also come
/// later, for a message that was being checked. A redacted copy is handled by the transcript: its
/// text is shown, and what was typed is kept beside it.
extension SessionCore {
    /// The send of `localId` was answered, and its message stopped by the check (`rejected`, `failed`).
    mutating func settleStopped(_ localId: String, id: String, time: Date, sequence: Int64?, verdict: MessageProcessing) {
        let wasHead = outbox.head?.localId == localId
        stop(localId: localId, verdict: verdict)
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
            // Its send call is still out: the answer names it.
            if outbox.headState == .inFlight { outbox.holdVerdict(verdict, for: messageId) }
            return
        }
        guard item.isOwn, let current = item.delivery else { return }
        switch verdict {
        case .processing:
            if current == .pending { transcript.modify(id: messageId) { $0.delivery = .checking } }
        case .rejected, .failed:
            guard current != verdict.delivery else { return }
            let localId = item.localId ?? messageId
            if outbox.entry(localId: localId) == nil {
                outbox.append(OutboxEntry(
                    localId: localId, clientToken: ids.uuid(), text: item.typedText ?? item.text, contentType: item.contentType,
                    createdAt: item.time, failed: true))
            }
            stop(localId: localId, verdict: verdict)
            transcript.modify(id: messageId) { message in
                message.localId = localId
                message.delivery = verdict.delivery
            }
            persist()
        }
    }

    /// Marks the entry `localId` stopped by the check: a blocked one cannot be retried as it is, a
    /// failed one is sent again under a new client token (the old one would get the same answer).
    private mutating func stop(localId: String, verdict: MessageProcessing) {
        switch verdict {
        case .rejected:
            outbox.fail(localId: localId, refusal: "the contact center's message rules block it", outcome: .rejected)
        case .failed, .processing:
            outbox.fail(localId: localId, outcome: .notProcessed)
            outbox.renewToken(localId: localId, ids.uuid())
        }
    }
}
