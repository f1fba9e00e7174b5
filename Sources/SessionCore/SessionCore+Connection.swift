import ChatModel
import Foundation

/// Starting, connecting, losing the connection and backing off, renewing, suspending, ending for good.
extension SessionCore {
    mutating func start() {
        guard connection.state == .idle, !connection.isSuspended, info == nil else { return }
        _ = connection.start()
        publishState()
        announceRestoredUploads()
        begin(.start, .start)
    }

    mutating func started(_ result: Result<WireResult, BackendError>) {
        switch result {
        case .success(.started(let info)):
            adopt(info)
            connect()  // (not while suspended: the resume connects)
        case .success:
            fail(reason: "could not start the chat: the protocol gave no session")
        case .failure(let error):
            log(.error, "could not start the chat: \(error)")
            // What was typed stays in the outbox: a /retry starts the chat again and sends it.
            guard !connection.state.isTerminal else { return }
            fail(reason: "could not start the chat: \(error)")
        }
    }

    mutating func adopt(_ info: SessionInfo) {
        self.info = info
        publish(.sessionInfo(info))
        transcript.adoptSender(info.me)
    }

    mutating func connect() {
        guard !connection.state.isTerminal, !connection.isSuspended else { return }
        guard info != nil else {
            // Not started yet (the start was suspended or failed): start, unless the start is on its way.
            let starting = calls.has { $0 == .start }
            if !starting { begin(.start, .start) }
            return
        }
        // A connect still on its way (asked for before a suspend and resume, or a retry now) is
        // superseded: its late answer must not open a second socket, nor its failure drop this one.
        // So is a socket it opened meanwhile (a loss came while it was on its way): one socket at a time.
        calls.forget { $0 == .connect }
        if calls.retry(RetryKey(.connect)) != nil { cancelTimer(.operation(RetryKey(.connect))) }
        if let id = socket.id {
            log(.info, "closing socket \(id): a new connection replaces it")
            emit(.closeSocket(id))
            forgetSocket()
        }
        begin(.connect, .connect)
    }

    mutating func connected(_ result: Result<WireResult, BackendError>) {
        guard !connection.isSuspended, !connection.state.isTerminal else { return }
        if ending.renewedToSend() {
            // A new connection token to send the refused end again with (no socket is opened for it).
            switch result {
            case .success: begin(.end, .end)
            case .failure(.accessDenied): ended(reason: endReason)  // the participant token is refused too: the chat is over
            case .failure(let error): fail(reason: "could not end the chat (\(error)); it may still be open")
            }
            return
        }
        switch result {
        case .success(.socket(let endpoint)):
            // The participant token was accepted: a refused connection token from here on is renewed
            // again (on a slow link a short-lived token can expire before the backfill is read).
            accessDeniedSinceRenewal = false
            emit(.openSocket(socket.open(now: now), endpoint))
        case .success:
            lost(.protocolViolation("no socket to open"), close: nil)
        case .failure(let error):
            log(.info, "could not get a connection: \(error)")
            lost(error, close: nil)
        }
    }

    /// The connection was lost or could not be made: back off and try again, or stop.
    mutating func lost(_ error: BackendError, close: SocketClose?, exactDelay: Duration? = nil) {
        missedUnread = true
        guard !connection.isSuspended else { return }
        var error = error
        if case .accessDenied(let message) = error, !accessDeniedSinceRenewal, info != nil, connection.state != .closing {
            // An expired connection token: a new connection (asked for with the participant token, as the
            // official clients do) brings a new one. Only a second refusal in a row ends the chat.
            accessDeniedSinceRenewal = true
            log(.info, "access denied (\(message)); renewing the connection")
            error = .network(TransportFailure(.refused, "the connection token was refused; renewing the connection"))
        }
        var action = connection.lost(error, now: now, randomUnit: ids.unit())
        if let exactDelay, case .wait = action { action = connection.overrideDelay(exactDelay, now: now) }
        carry(action)
    }

    /// Carries out what the connection machine decided.
    mutating func carry(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .connect:
            publishState()
            connect()
        case .wait(let delay):
            publishState()
            startTimer(.reconnect, after: delay)
        case .stop:
            publishState()
            settleTerminal()
        case .none:
            publishState()
        }
    }

    /// A session the server forgot is replaced by a new one (three times in a row at most).
    mutating func renew(after error: BackendError) {
        renewalsInARow += 1
        guard renewalsInARow <= 3 else {
            fail(reason: "the session expired: the server refused 3 new sessions in a row (\(error)); /retry to try again")
            return
        }
        log(.info, "the server no longer knows the session; starting a new one (\(renewalsInARow) of 3)")
        carry(connection.renewing())
        begin(.renew, .renewSession)
    }

    mutating func renewed(_ result: Result<WireResult, BackendError>) {
        switch result {
        case .success(.started(let info)):
            adopt(info)
            notice("The server no longer knew this chat, so a new one was started; unsent messages go there.")
            if outbox.headState == .unconfirmed { outbox.setHead(.waiting) }
            carry(connection.renewed())
        case .success:
            lost(.protocolViolation("renewing gave no session"), close: nil)
        case .failure(let error):
            lost(error, close: nil)
        }
    }

    /// The reconnect backoff is over.
    mutating func reconnectDue() {
        carry(connection.retryDue())
    }

    mutating func suspend() {
        guard !connection.isSuspended, !connection.state.isTerminal else { return }
        _ = connection.suspend()
        guard connection.isSuspended else { return }
        missedUnread = true
        if let id = socket.id { emit(.closeSocket(id)) }
        forgetSocket()
        cancelTimer(.reconnect)
        publishState()
    }

    mutating func resume() {
        guard connection.isSuspended else { return }
        carry(connection.resume())
    }

    mutating func reconnectNow() {
        if connection.isSuspended {
            resume()
            return
        }
        let action = connection.retryNow()
        guard action == .connect else { return }
        cancelTimer(.reconnect)
        if case .failed = connection.state {} else if let id = socket.id {
            emit(.closeSocket(id))
            forgetSocket()
        }
        carry(action)
    }

    /// Publishes the connection state and notes it for diagnostics.
    mutating func publishState() {
        publish(.connection(connection.state))
        // A snapshot redacts its frames: only worth it while someone watches (the TUI's F2 pane).
        if diagnostics.record(state: connection.state, at: now), diagnosticsWatched { publishDiagnostics() }
        if connection.state.isTerminal { receipts.cancel() }
    }

    /// Gives up with `reason` (a `/retry` can try again).
    mutating func fail(reason: String) {
        _ = connection.failed(reason: reason)
        publishState()
        settleTerminal()
    }

    /// The chat ended.
    mutating func ended(reason: EndReason) {
        _ = connection.ended(reason: reason)
        publishState()
        settleTerminal()
    }

    /// After a terminal state: nothing stays on its way; a closed chat is over for good.
    mutating func settleTerminal() {
        guard connection.state.isTerminal else { return }
        for key in [TimerKey.heartbeat, .heartbeatGrace, .subscribe, .reconnect, .echoWait, .sendRetry, .endGrace, .endFlush] {
            cancelTimer(key)
        }
        if let id = socket.id {
            emit(.closeSocket(id))
            socket.release()
        }
        guard case .closed(let reason) = connection.state else { return }
        if missedUnread, !transcriptMayBeIncomplete {
            transcriptMayBeIncomplete = true
            notice("The chat ended before what was said while you were away could be read back: the transcript may be incomplete.")
        }
        failUnsent(because: reason.description)
        checksNeverAnswered()
        emit(.forget)
        finish()
    }

    /// Nothing more will happen.
    mutating func finish() {
        guard !isFinished else { return }
        flushTranscript()
        isFinished = true
        emit(.finished)
    }

    /// The program leaves without ending the chat: save what is unsent, close the socket.
    mutating func shutdown() {
        persist()
        if let id = socket.id { emit(.closeSocket(id)) }
        socket.release()
        finish()
    }

    /// Saves what a restart needs, once the chat has been connected or was resumed (a new chat that never
    /// connected is not kept).
    mutating func persist() {
        guard connection.hasOpened || isResumed, !connection.state.isClosed, let credentials = wire.resumeCredentials else { return }
        let capabilities = wire.capabilities
        persistedPartner = partner
        emit(.persist(SessionSnapshot(
            backend: capabilities.name, endpoint: capabilities.endpoint, credentials: credentials, outbox: outbox.entries,
            startedAt: startedAt, lastActivity: now, partner: persistedPartner, uploads: uploads.saved)))
    }

    /// The newest agent or bot that wrote in this chat (within the last 50 items).
    var partner: String? {
        let items = transcript.items
        for position in stride(from: items.count - 1, through: max(0, items.count - 50), by: -1) {
            let item = items[position]
            guard !item.isOwn, case .message = item.kind, item.sender.role == .agent || item.sender.role == .bot else { continue }
            return item.sender.name
        }
        return persistedPartner
    }
}
