import ChatModel
import Foundation

/// Commands from front ends; none waits for the network.
extension SessionCore {
    mutating func perform(_ command: ChatCommand) {
        switch command {
        case .send(let text): send(text)
        case .typing: sendTyping()
        case .retry(let localId): retry(localId: localId)
        case .drop(let localId): drop(localId: localId)
        case .loadOlder: loadOlder()
        case .reconnectNow: reconnectNow()
        case .suspend: suspend()
        case .resume: resume()
        case .reset: reload()
        case .end: endRequested()
        case .seen(let messageId): markSeen(messageId)
        case .pick(let index): pick(index)
        case .setField(let name, let value): setField(name, value: value)
        case .attach(let path): notice("Cannot attach \(path): the file was not read.")
        case .download(let attachmentId, let directory): download(attachmentId: attachmentId, into: directory)
        case .watchDiagnostics(let watched):
            diagnosticsWatched = watched
            if watched { publishDiagnostics() }
        case .authenticationLink: authenticationLinkRequested()
        case .cancelAuthentication: authenticationCancelRequested()
        }
    }

    /// Sends a message: shown at once as pending, delivered in typed order.
    mutating func send(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        if let (reply, answer) = formTextReply(trimmed) {
            enqueue(reply, answers: answer)
            return
        }
        let contentType = MarkdownHeuristic.looksLikeMarkdown(trimmed) ? "text/markdown" : "text/plain"
        enqueue(ChoiceReply(contentType: contentType, content: trimmed, display: trimmed))
    }

    /// Tells the other side we are typing, at most once per interval, only while live; never holds a message up.
    mutating func sendTyping() {
        guard settings.sendsTyping, socket.isLive, !typingInFlight else { return }
        if wire.capabilities.typingInterval > 0, !typing.shouldSend(at: now) { return }
        typingInFlight = true
        begin(.typing, .typing)
    }

    /// `/end`: ends the chat for everyone once the unsent messages are sent (or the flush time is up).
    /// Messages typed before the chat was even connected are sent first too: `send` then `end` at
    /// once (a script, a pasted list) must not end the chat with them unsent.
    mutating func endRequested() {
        let closingOrOver = connection.state.isTerminal || connection.state == .closing
        switch ending.requested(closingOrOver: closingOrOver, outboxDrained: outbox.isDrained, suspended: connection.isSuspended) {
        case .ignore:
            return
        case .flush:
            startTimer(.endFlush, after: settings.endFlushTimeout)
            log(.info, "ending once the unsent messages are sent")
            pumpOutbox()
        case .sendEnd:
            sendEnd()
        }
    }

    /// The outbox drained while the chat was to end: end it now.
    mutating func endIfFlushed() {
        guard outbox.isDrained, ending.flushOver() else { return }
        sendEnd()
    }

    mutating func endFlushTimedOut() {
        guard ending.flushOver() else { return }
        log(.warning, "unsent messages did not go out in time; ending anyway")
        sendEnd()
    }

    private mutating func sendEnd() {
        cancelTimer(.endFlush)
        _ = connection.endRequested()
        publishState()
        begin(.end, .end)
    }

    mutating func endSent(_ result: Result<WireResult, BackendError>) {
        var failure: BackendError?
        if case .failure(let error) = result {
            log(.info, "disconnect failed: \(error)")
            failure = error
        }
        let refused = if case .accessDenied? = failure { true } else { false }
        let action = ending.answered(
            refused: refused, closing: connection.state == .closing, mayRenew: !accessDeniedSinceRenewal && info != nil,
            live: socket.isLive)
        switch action {
        case .none:
            break
        case .renewToSend:
            // An expired connection token: ask for a new connection (with the participant token)
            // and send the end again, as the official clients do; the socket is not needed for it.
            accessDeniedSinceRenewal = true
            begin(.connect, .connect)
        case .fail:
            let error = failure.map(String.init(describing:)) ?? "refused"
            fail(reason: "the contact center refused to end the chat (\(error)); it may still be open")
        case .awaitServerEnd:
            // The server's own `chat.ended` usually follows at once; wait a moment for it (longer on a slow link), as the official clients do.
            startTimer(.endGrace, after: patient(settings.endGrace, rounds: 2))
        case .end:
            ended(reason: endReason)
        }
    }

    mutating func endGraceOver() {
        ending.graceOver()
        guard connection.state == .closing else { return }
        ended(reason: endReason)
    }
}
