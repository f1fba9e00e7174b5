import ChatModel
import Foundation

/// What the socket brings: items, receipts, typing, liveness, the chat's end.
extension SessionCore {
    mutating func received(_ frame: String, on id: SocketID) {
        guard heardFrom(id) else { return }
        noteFrame(frame, outgoing: false)
        let decoded = wire.decode(frame, now: now)
        for reply in decoded.replies { write(reply, on: id) }
        for event in decoded.events {
            apply(event, live: true)
            guard socket.id == id else { return }  // the event ended the socket (the chat ended)
        }
    }

    /// The driver skipped a message over the size limit: the socket is alive and stays open; the user
    /// is told, once for each message skipped.
    mutating func skippedOversized(_ bytes: Int, on id: SocketID) {
        guard heardFrom(id) else { return }
        let limit = wire.largestSocketMessage
        log(.warning, "skipped a socket message of \(bytes) bytes (over \(limit))")
        let size = FileTransfer.size(Int64(clamping: bytes))
        notice("The server sent a message of \(size), larger than Helpline takes (\(SocketLimits.inWords(limit))); it was skipped.")
    }

    /// Something arrived on socket `id` (a frame, or one skipped as too large): false when it is not the
    /// current open socket. Otherwise the socket is alive (the heartbeat is answered) and, while our end
    /// waits for the server's, the server is still answering: wait on for its end.
    private mutating func heardFrom(_ id: SocketID) -> Bool {
        guard socket.heard(on: id, now: now) else { return false }
        if socket.heartbeatSentAt != nil { heartbeatAnswered() }
        if ending.awaitsServerEnd, connection.state == .closing {
            startTimer(.endGrace, after: patient(settings.endGrace, rounds: 2))
        }
        return true
    }

    /// Applies one decoded event; `live` is false for events read from a transcript page.
    mutating func apply(_ event: BackendEvent, live: Bool) {
        switch event {
        case .item(let item):
            mergeFromServer(item, live: live)
        case .receipt(let messageId, let delivery, let recipientId):
            if let recipientId, recipientId == info?.me.id { return }
            transcript.applyReceipt(messageId: messageId, delivery: delivery)
        case .processed(let messageId, let verdict):
            processed(messageId: messageId, verdict: verdict)
        case .typing(let participant):
            if live, !isMe(participant) { publish(.typing(participant)) }
        case .typingStopped(let participant):
            if live, !isMe(participant) { publish(.typingStopped(participant)) }
        case .queuePosition(let position):
            publish(.queuePosition(position))
        case .alive:
            if diagnostics.heartbeatAnswered(at: now), diagnosticsWatched { publishDiagnostics() }
        case .subscribed:
            if live { subscribed() }
        case .subscriptionFailed:
            log(.warning, "the server refused the subscription; it is sent again")
        case .degraded(let detail):
            log(.warning, "deep heartbeat failed: \(detail)")
            if diagnostics.deepHeartbeatFailed(detail, at: now) {
                publishDiagnostics()
                notice("The contact center reports a problem behind the connection (\(detail)); messages may be slow.")
            }
        case .deepHeartbeatOK:
            if diagnostics.deepHeartbeatRecovered(at: now) { publishDiagnostics() }
        case .serverError(let message):
            log(.warning, "server error on the socket: \(message)")
            notice("The server reported an error: \(message)")
        case .unreadableFrame(let detail):
            log(.warning, "unreadable socket frame: \(detail)")
            notice("A message from the server could not be read and was skipped (\(detail)).")
        case .authenticationInitiated(let sessionId):
            authenticationInitiated(sessionId)
        case .authenticationEnded(let outcome):
            authenticationEnded(outcome)
        }
    }

    /// Merges an item from the server: ours are shown as ours, the chat's end ends the session.
    mutating func mergeFromServer(_ incoming: ChatItem, live: Bool) {
        var item = incoming
        item.shareSender(in: &participants)
        let own = isOwn(item)
        if own, item.localId == nil, case .message = item.kind, transcript.position(sharingIdOf: item) == nil {
            if outbox.headState == .inFlight, !wire.capabilities.sendsOnSocket {
                // Our send call is under way: its answer names the id this copy (an echo, or a page's) belongs to.
                outbox.hold(item)
                return
            }
            if let head = outbox.head, isServerCopy(item, of: head) {
                // The head went out before its answer was lost: this is it, so it is sent (and not sent again).
                log(.info, "the server holds the message whose answer was lost: it was delivered")
                settle(head.localId, asCopy: item)
            }
        }
        transcript.merge(item, isOwn: own)
        if own, let localId = item.localId { confirmedByServer(localId: localId) }
        if own, case .message = item.kind { noteAnswerFromHistory(item) }
        if !own {
            noteAnswerInOutbox(item)
            noteAnswerAfterOffer(item)
        }
        if live, !item.isHistory, !own { ending.heard(item) }
        if live, !own, case .message = item.kind, item.sender.role == .agent || item.sender.role == .bot,
            item.sender.name != persistedPartner
        {
            persist()  // a resumed chat can then say whom it is with
        }
        if live, !item.isHistory, case .event(.chatEnded) = item.kind { chatEndedByServer() }
    }

    /// Our message read back from the server (after a restart or reload) that is one of the choices of
    /// the open picker shortly before it: that picker was answered with it (so it is not offered again).
    /// Only the few items before it are looked at, so reading a long history stays linear.
    private mutating func noteAnswerFromHistory(_ item: ChatItem) {
        guard let position = transcript.position(sharingIdOf: item) else { return }
        let items = transcript.items
        let window = items[max(0, position - Self.answerDistance)..<position]
        guard let picker = window.last(where: { !$0.isOwn && !($0.choices ?? []).isEmpty }), picker.answer == nil
        else { return }
        guard Self.offered(by: picker).contains(item.text) else { return }
        transcript.modify(id: picker.id) { $0.answer = item.text }
    }

    /// An offer read back after our answer to it (a replay out of sequence order, as PolyAI's may be):
    /// our message of one of its choices shortly after it, with no other offer between, answered it.
    private mutating func noteAnswerAfterOffer(_ item: ChatItem) {
        guard !(item.choices ?? []).isEmpty, let position = transcript.position(sharingIdOf: item) else { return }
        let items = transcript.items
        guard items[position].answer == nil else { return }
        let offered = Self.offered(by: items[position])
        for later in items[(position + 1)..<min(items.count, position + 1 + Self.answerDistance)] {
            if later.isOwn, case .message = later.kind, offered.contains(later.text) {
                transcript.modify(id: item.id) { $0.answer = later.text }
                return
            }
            if !later.isOwn, !(later.choices ?? []).isEmpty { return }
        }
    }

    /// What an offer's choices send.
    private static func offered(by picker: ChatItem) -> Set<String> {
        Set((picker.choices ?? []) + (picker.choiceReplies ?? []).map(\.content))
    }

    /// An offer whose answer is still in the outbox (picked, then the program restarted before the
    /// server took it): the server's copy knows no answer, so the offer is marked answered again.
    mutating func noteAnswerInOutbox(_ item: ChatItem) {
        guard !(item.choices ?? []).isEmpty,
            let answer = outbox.entries.last(where: { $0.answers?.offerId == item.id })?.answers
        else { return }
        transcript.modify(id: item.id) { if $0.answer == nil { $0.answer = answer.choice } }
    }

    /// How many items before our message the picker it answers may be (the other side's typing
    /// notices, receipts and a second message can come between).
    static let answerDistance = 20

    /// Why the chat ended: who ended it, or that it idled out, where the events tell.
    var endReason: EndReason {
        ending.reason(lastOwn: transcript.items.last(where: \.isOwn)?.time ?? startedAt)
    }

    mutating func chatEndedByServer() {
        let readingBackfill = if case .backfilling = socket.stage {
            calls.hasOut { if case .backfill = $0 { true } else { false } }
        } else {
            false
        }
        switch ending.serverEndedChat(readingBackfill: readingBackfill) {
        case .readBackfillFirst:
            // What was said before the end is still being read: finish reading it, then end.
            log(.info, "the chat ended while the missed messages were being read; reading them first")
        case .end:
            if let id = socket.id { emit(.closeSocket(id)) }
            forgetSocket()
            ended(reason: endReason)
        }
    }

    /// True for our own messages and attachments (events are nobody's, even about us).
    func isOwn(_ item: ChatItem) -> Bool {
        if case .event = item.kind { return false }
        return info.map { wire.isOwn(item, me: $0.me) } ?? false
    }

    /// True when `participant` is us.
    func isMe(_ participant: Participant) -> Bool {
        guard let me = info?.me else { return false }
        if let id = me.id, let other = participant.id { return id == other }
        return participant.role == me.role
    }
}
