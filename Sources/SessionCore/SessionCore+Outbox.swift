import ChatModel
import Foundation

/// Sending: one ordered outbox, only its head on its way, typed order is server order.
///
/// Head-of-line policy (docs/resilience.md): a failure that may pass (network, 5xx, 429, no socket)
/// holds the queue and the head is tried again with backoff for as long as the chat is on; a refusal
/// (the service rejected the message) fails that message only — it is marked failed, the next ones
/// go on, and `/retry` puts it at the end of the queue. A message written on a socket waits for its
/// echo; when the socket ends first, the next socket's replay says whether the server has it before
/// it is sent again, so it is never delivered twice.
extension SessionCore {
    /// Shows `reply` at once as pending and queues it (split in parts when longer than the service
    /// takes), as the answer of an offer when it `answers` one; returns the local id of the first part,
    /// or nil when nothing was queued.
    @discardableResult
    mutating func enqueue(_ reply: ChoiceReply, answers: OfferAnswer? = nil) -> String? {
        if connection.state.isClosed {
            notice("The chat has ended, so this was not sent; /new starts a new chat.")
            return nil
        }
        guard let limit = wire.capabilities.messageLimit, limit.length(of: reply.content) > limit.maximum,
            reply.content == reply.display
        else { return queue(reply, answers: answers) }
        guard settings.splitsLongMessages else {
            notice("Not sent: the message is \(limit.length(of: reply.content)) \(limit.unit.rawValue) long, "
                + "and the contact center takes at most \(limit.maximum).")
            return nil
        }
        let parts = MessageSplitter.split(reply.content, limit: limit)
        notice("Your message was longer than the contact center takes (\(limit.maximum) \(limit.unit.rawValue)), "
            + "so it was sent in \(parts.count) numbered parts.")
        var first: String?
        for part in parts {
            let id = queue(ChoiceReply(contentType: reply.contentType, content: part, display: part))
            first = first ?? id
        }
        lastQueuedLocalId = first
        return first
    }

    private mutating func queue(_ reply: ChoiceReply, answers: OfferAnswer? = nil) -> String {
        let localId = ids.uuid()
        let me = info?.me ?? Participant(name: "You", role: .customer)
        let shownType = reply.content == reply.display ? reply.contentType : "text/plain"
        var item = ChatItem(
            id: localId, localId: localId, time: now, sender: me, kind: .message, contentType: shownType,
            text: reply.display, delivery: .pending)
        if reply.content != reply.display { item.sentText = reply.content }
        item.shareSender(in: &participants)
        transcript.addPending(item)
        outbox.append(OutboxEntry(
            localId: localId, clientToken: ids.uuid(), text: reply.content, contentType: reply.contentType,
            createdAt: now, display: reply.content == reply.display ? nil : reply.display, answers: answers))
        typing.reset()
        lastQueuedLocalId = localId
        persist()
        pumpOutbox()
        return localId
    }

    /// A message a previous run left unsent: shown as it was, queued with its original client token.
    mutating func restore(_ entry: OutboxEntry) {
        let me = info?.me ?? Participant(name: "You", role: .customer)
        var item = ChatItem(
            id: entry.failed ? entry.serverId ?? entry.localId : entry.localId, localId: entry.localId, time: entry.createdAt, sender: me, kind: .message,
            contentType: entry.display == nil ? entry.contentType : "text/plain", text: entry.display ?? entry.text,
            delivery: entry.failed ? entry.outcome ?? .failed : .pending)
        if entry.display != nil { item.sentText = entry.text }
        transcript.addPending(item)
        outbox.append(entry)
        // A message that went out before the restart may be with the server already: the first
        // replay (or the idempotent client token) tells.
        if !entry.failed, outbox.head?.localId == entry.localId { outbox.setHead(.unconfirmed) }
    }

    /// Sends the head of the outbox when it may go now.
    mutating func pumpOutbox() {
        guard socket.isLive, !connection.state.isTerminal, !outbox.retryScheduled, let head = outbox.head,
            outbox.headState == .waiting
        else { return }
        outbox.setHead(.inFlight)
        let message = OutgoingMessage(
            localId: head.localId, clientToken: head.clientToken, text: head.text, contentType: head.contentType)
        begin(.send(head.localId), .send(message))
    }

    /// The pause before the head's next try is over.
    mutating func sendRetryDue() {
        outbox.endRetryWait()
        pumpOutbox()
    }

    mutating func sendFinished(_ localId: String, _ result: Result<WireResult, BackendError>) {
        guard outbox.head?.localId == localId, outbox.headState == .inFlight else { return }
        switch result {
        case .success(.accepted(let id, let time, let sequence, let processing)):
            // A verdict that came on the socket before this answer is the later word.
            let verdict = outbox.takeVerdict(for: id) ?? processing
            switch verdict {
            case nil: settleSent(localId, id: id, time: time, sequence: sequence)
            case .processing: settleSent(localId, id: id, time: time, sequence: sequence, delivery: .checking)
            case .rejected, .failed: settleStopped(localId, id: id, time: time, sequence: sequence, verdict: verdict ?? .failed)
            }
        case .success(.awaitingEcho):
            outbox.setHead(.awaitingEcho)
            startTimer(.echoWait, after: patient(settings.echoTimeout, rounds: 4))
        case .success(let other):
            log(.warning, "sending answered \(other), not an acceptance")
            sendFailed(localId, .protocolViolation("the send answered without an id"))
        case .failure(let error):
            sendFailed(localId, error)
        }
    }

    /// The server has our message `localId` as `id` (`checking`: its message processing is still
    /// checking it; the server's copy of it, when it comes, says it passed).
    mutating func settleSent(_ localId: String, id: String, time: Date, sequence: Int64?, delivery: Delivery = .sent) {
        let wasHead = outbox.head?.localId == localId
        outbox.remove(localId: localId)
        transcript.acknowledge(localId: localId, id: id, time: time, sequence: sequence, delivery: delivery)
        accessDeniedSinceRenewal = false
        if wasHead {
            cancelTimer(.echoWait)
            if outbox.endRetryWait() {
                // A copy from the server settled it while its next try waited.
                cancelTimer(.sendRetry)
            }
        }
        releaseHeldEchoes()
        persist()
        pumpOutbox()
        if ending.isFlushing { endIfFlushed() }
    }

    private mutating func sendFailed(_ localId: String, _ error: BackendError) {
        switch error {
        case .socketUnavailable:
            outbox.setHead(.waiting)
        case .accessDenied where !accessDeniedSinceRenewal && info != nil:
            // An expired connection token: a new connection brings a new one (a refused participant
            // token, or an ended chat, then closes the chat). The token may have run out while the
            // service was carrying the call out: the message may be with it, and a copy of it in the
            // new connection's transcript is the head (not a second message).
            outbox.setHead(.waiting)
            outbox.noteHeadMayHaveArrived()
            dropSocket(because: error)
            // The server's copy came while the call was out: it was delivered (settled after the drop,
            // so nothing more goes out on the old token).
            if settleHeadFromHeldEcho() { log(.info, "send refused (\(error)), but the server's copy had come: it was delivered") }
            releaseHeldEchoes()
        case .chatEnded:
            releaseHeldEchoes()
            ended(reason: .byServer)
        case _ where error.isRetryable:
            if error.mayHaveReachedServer, settleHeadFromHeldEcho() {
                log(.info, "send failed (\(error)), but the server's copy had come: it was delivered")
                return
            }
            releaseHeldEchoes()
            if error.mayHaveReachedServer { outbox.noteHeadMayHaveArrived() }
            let attempt = outbox.countFailure()
            log(.info, "send failed (\(error)); try \(attempt + 1) follows")
            if attempt == 3 { notice("Still trying to send your message (\(error)).") }
            outbox.scheduleRetry()
            startTimer(.sendRetry, after: settings.sendBackoff.delay(attempt: attempt, randomUnit: ids.unit()))
        default:
            releaseHeldEchoes()
            // A refusal (the service's, or Helpline's own before sending) would come again on a retry.
            let (refusal, text): (String?, String) =
                switch error {
                case .rejected: (error.description, "Message not sent: the contact center refused it (\(error)).")
                case .notSent(let reason): (reason, "Message not sent: \(reason); Helpline did not send it.")
                default: (nil, "Message not sent (\(error)). /retry sends it again.")
                }
            outbox.fail(localId: localId, refusal: refusal)
            transcript.setDelivery(localId: localId, .failed)
            notice(text)
            persist()
            pumpOutbox()
            if ending.isFlushing { endIfFlushed() }
        }
    }

    /// The head's echo is late: the socket is suspect. Replace it; its replay tells whether the server has it.
    mutating func echoLate() {
        guard outbox.headState == .awaitingEcho, let head = outbox.head else { return }
        if outbox.countEchoTimeout() >= settings.echoAttempts {
            // The socket answers but the server never confirms this message: it fails (a /retry may
            // still send it), and the next ones go on.
            log(.warning, "no echo for a sent message after \(settings.echoAttempts) tries; it failed")
            outbox.fail(localId: head.localId)
            transcript.setDelivery(localId: head.localId, .failed)
            notice("Message not sent: the contact center did not confirm it after \(settings.echoAttempts) tries. /retry sends it again.")
            persist()
            if let id = socket.id { emit(.closeSocket(id)) }
            forgetSocket()
            lost(.network(TransportFailure(.timedOut, "no echo for a sent message")), close: nil)
            return
        }
        log(.warning, "no echo for a sent message; replacing the socket")
        dropSocket(because: .network(TransportFailure(.timedOut, "no echo for a sent message")))
    }

    /// Our message `localId` came back from the server (an echo or a page): it is sent.
    mutating func confirmedByServer(localId: String) {
        guard outbox.entry(localId: localId) != nil else { return }
        let wasHead = outbox.head?.localId == localId
        outbox.remove(localId: localId)
        if wasHead { cancelTimer(.echoWait) }
        persist()
        pumpOutbox()
        if ending.isFlushing { endIfFlushed() }
    }

    /// Our own messages held while a send call was under way go in now: the one the call named is
    /// the server's copy of the sent message, the others are ours from elsewhere.
    mutating func releaseHeldEchoes() {
        for item in outbox.releaseHeldEchoes() { transcript.merge(item, isOwn: true) }
    }

    /// Settles the head with a held copy from the server that has its text; false when none came.
    private mutating func settleHeadFromHeldEcho() -> Bool {
        guard let head = outbox.head, let echo = outbox.takeHeldEcho(text: head.text) else { return false }
        settle(head.localId, asCopy: echo)
        transcript.merge(echo, isOwn: true)  // its text is what was delivered (redacted, maybe)
        return true
    }

    /// Settles our message `localId` with `copy`, the server's copy of it: sent, or where the copy says
    /// the contact center's message processing has it (being checked, stopped).
    mutating func settle(_ localId: String, asCopy copy: ChatItem) {
        switch copy.delivery {
        case .checking:
            settleSent(localId, id: copy.id, time: copy.time, sequence: copy.sequence, delivery: .checking)
        case .rejected:
            settleStopped(localId, id: copy.id, time: copy.time, sequence: copy.sequence, verdict: .rejected)
        case .notProcessed:
            settleStopped(localId, id: copy.id, time: copy.time, sequence: copy.sequence, verdict: .failed)
        default:
            settleSent(localId, id: copy.id, time: copy.time, sequence: copy.sequence)
        }
    }

    /// Marks every unsent message failed when the chat can no longer carry it, and says so once.
    mutating func failUnsent(because reason: String) {
        // Its send call is still out, but the server's copy came: it was delivered.
        if outbox.headState == .inFlight { _ = settleHeadFromHeldEcho() }
        releaseHeldEchoes()
        let entries = outbox.unsent
        guard !entries.isEmpty else { return }
        var unconfirmed: OutboxEntry?
        if outbox.headMayHaveArrived || outbox.headState == .inFlight, let head = outbox.head {
            unconfirmed = head
            outbox.fail(localId: head.localId)
            transcript.setDelivery(localId: head.localId, .unconfirmed)
        }
        let failed = entries.filter { $0.localId != unconfirmed?.localId }
        for entry in failed {
            outbox.fail(localId: entry.localId)
            transcript.setDelivery(localId: entry.localId, .failed)
        }
        if let unconfirmed {
            notice("Your message “\(Self.excerpt(unconfirmed.display ?? unconfirmed.text))” went out, but \(reason) "
                + "before the contact center confirmed it: it may not have arrived.")
        }
        guard !failed.isEmpty else { return }
        let count = failed.count == 1 ? "1 message was" : "\(failed.count) messages were"
        notice("\(count) not delivered: \(reason).")
    }

    /// The start of a message, for a notice.
    static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }

    /// Sends a failed message again, at the end of the queue.
    mutating func retry(localId: String) {
        if retryUpload(localId: localId) { return }
        guard let entry = outbox.entry(localId: localId), entry.failed else {
            notice("Nothing to retry.")
            return
        }
        if let refusal = entry.refusal {
            notice("That message cannot be sent as it is: \(refusal).")
            return
        }
        if entry.outcome == .notProcessed {
            // The server has that attempt (its check failed) under its id: it stays shown as it was, and
            // the text goes again as a new message (a new local id and client token).
            outbox.remove(localId: localId)
            _ = transcript.modify(localId: localId) { $0.isResent = true }
            _ = queue(ChoiceReply(contentType: entry.contentType, content: entry.text, display: entry.display ?? entry.text))
            return
        }
        _ = outbox.revive(localId: localId)
        transcript.requeue(localId: localId)
        persist()
        pumpOutbox()
    }

    /// Forgets a failed message.
    mutating func drop(localId: String) {
        guard let entry = outbox.entry(localId: localId), entry.failed else { return }
        outbox.remove(localId: localId)
        if let item = transcript.item(localId: localId) { recordRemoval(item) }
        transcript.remove(localId: localId)
        persist()
    }
}
