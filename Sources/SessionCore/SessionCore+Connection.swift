import ChatModel
import Foundation

/// Starting, connecting, the socket's stages, heartbeats, losing and replacing the socket.
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
            let starting = pending.values.contains { $0.purpose == .start } || retrying.values.contains { $0.purpose == .start }
            if !starting { begin(.start, .start) }
            return
        }
        // A connect still on its way (asked for before a suspend and resume, or a retry now) is
        // superseded: its late answer must not open a second socket, nor its failure drop this one.
        // So is a socket it opened meanwhile (a loss came while it was on its way): one socket at a time.
        pending = pending.filter { $0.value.purpose != .connect }
        if retrying.removeValue(forKey: RetryKey(.connect)) != nil { cancelTimer(.operation(RetryKey(.connect))) }
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
            nextSocket += 1
            let id = SocketID(nextSocket)
            socket = .opening(id)
            openingSince = now
            emit(.openSocket(id, endpoint))
        case .success:
            lost(.protocolViolation("no socket to open"), close: nil)
        case .failure(let error):
            log(.info, "could not get a connection: \(error)")
            lost(error, close: nil)
        }
    }

    mutating func socketOpened(_ id: SocketID) {
        guard case .opening(id) = socket else { return }
        if let since = openingSince { noteRoundTrip(now.timeIntervalSince(since) / 2) }
        openingSince = nil
        lastFrameAt = now
        socket = .subscribing(id, attempt: 0)
        for frame in wire.socketOpened(now: now) { write(frame, on: id) }
        startTimer(.subscribe, after: patient(settings.subscribeTimeout, rounds: 2))
    }

    /// The socket confirmed the subscription (and its replay, where history comes on the socket).
    mutating func subscribed() {
        guard case .subscribing(let id, _) = socket else { return }
        cancelTimer(.subscribe)
        // Whatever the socket that ended was confirming is either in the replay or not with the server.
        if outbox.headState == .unconfirmed { outbox.setHead(.waiting) }
        if wire.capabilities.historyArrivesOnSocket {
            goLive(id)
        } else {
            socket = .backfilling(id)
            startBackfill()
        }
    }

    /// The subscription was not confirmed in time: send it again, or give the socket up after three tries;
    /// a socket ready when opened is ready now.
    mutating func subscriptionLate() {
        guard case .subscribing(let id, let attempt) = socket else { return }
        if wire.capabilities.readiness == .answeredOrQuiet {
            // Nothing came: the server had nothing to replay and confirms nothing.
            log(.info, "nothing replayed on the new socket; it is ready")
            subscribed()
            return
        }
        guard attempt < 3 else {
            log(.warning, "the server never confirmed the subscription; replacing the socket")
            dropSocket(because: .network(TransportFailure(.timedOut, "the server never confirmed the subscription")))
            return
        }
        log(.info, "subscription not confirmed; sending it again (\(attempt + 1))")
        socket = .subscribing(id, attempt: attempt + 1)
        for frame in wire.socketOpened(now: now) { write(frame, on: id) }
        startTimer(.subscribe, after: patient(settings.subscribeTimeout, rounds: 2))
    }

    mutating func goLive(_ id: SocketID) {
        let readying = switch socket {
        case .subscribing(id, _), .backfilling(id): true
        default: false
        }
        if !readying { broken("live on \(id) from \(socket)") }
        socket = .live(id)
        missedUnread = false
        renewalsInARow = 0
        _ = connection.opened(now: now)
        publishState()
        persist()
        startTimer(.heartbeat, after: heartbeatDelay)
        pumpOutbox()
        startWaitingUploads()
        if ending.isFlushing { endIfFlushed() }
    }

    /// How long after a heartbeat an answer may take: the setting, longer on a slow link, at most the interval.
    var heartbeatGrace: Duration {
        min(patient(settings.heartbeatGrace, rounds: 2), wire.capabilities.heartbeatInterval)
    }

    /// From one heartbeat to the end of its grace is the grace; the rest of the interval comes before.
    var heartbeatDelay: Duration {
        let interval = wire.capabilities.heartbeatInterval
        return interval - min(heartbeatGrace, interval)
    }

    mutating func heartbeatDue() {
        guard case .live(let id) = socket else { return }
        let (frames, verdict) = wire.heartbeat(now: now)
        switch verdict {
        case .keep:
            break
        case .replaceSocket:
            log(.info, "replacing the socket as the protocol asks (maximum age)")
            dropSocket(because: .network(TransportFailure(.closed, "socket replaced (maximum age)")))
            return
        case .expire(let reason):
            ended(reason: .because(reason))
            return
        }
        for frame in frames { write(frame, on: id) }
        heartbeatSentAt = now
        diagnostics.heartbeatSent(at: now)
        startTimer(.heartbeatGrace, after: heartbeatGrace)
    }

    /// A frame came after the heartbeat went out: the socket is alive, so the grace timer is not
    /// needed and the next heartbeat is due one interval after this one (one wake-up per interval).
    mutating func heartbeatAnswered() {
        guard case .live = socket, let sent = heartbeatSentAt else { return }
        heartbeatSentAt = nil
        cancelTimer(.heartbeatGrace)
        let left = max(0, wire.capabilities.heartbeatInterval.seconds - now.timeIntervalSince(sent))
        startTimer(.heartbeat, after: .milliseconds(Int64((left * 1000).rounded(.up))))
    }

    mutating func heartbeatGraceOver() {
        guard case .live = socket, let sent = heartbeatSentAt else { return }
        // While ending, the end call's answer (or the server's own end) decides, not a slow heartbeat.
        if lastFrameAt < sent, connection.state != .closing {
            log(.warning, "no answer to the heartbeat; replacing the socket")
            dropSocket(because: .network(TransportFailure(.timedOut, "no answer to heartbeats")))
            return
        }
        startTimer(.heartbeat, after: heartbeatDelay)
    }

    /// Closes the current socket ourselves (it is silent, late or too old) and reconnects.
    mutating func dropSocket(because error: BackendError) {
        if let id = socket.id { emit(.closeSocket(id)) }
        forgetSocket()
        lost(error, close: nil)
    }

    /// Forgets the socket and what ran on it.
    mutating func forgetSocket() {
        socket = .none
        heartbeatSentAt = nil
        for key in [TimerKey.heartbeat, .heartbeatGrace, .subscribe, .echoWait] { cancelTimer(key) }
        if outbox.headState == .awaitingEcho { outbox.setHead(.unconfirmed) }
    }

    /// The driver says the socket ended (or never opened).
    mutating func socketEnded(_ id: SocketID, _ close: SocketClose) {
        guard socket.id == id else { return }
        let wasOpen = socket.isOpen
        forgetSocket()
        log(.info, "socket \(id) ended: \(close)")
        if ending.endsAfterBackfill { return }  // the page being read ends the chat when it comes
        if ending.serverEnded || connection.state == .closing {
            ended(reason: endReason)
            return
        }
        guard !connection.isSuspended else { return }
        let error = Self.error(for: close, wasOpen: wasOpen)
        switch wire.closeDisposition(close) {
        case .endChat:
            for event in wire.chatClosed(now: now) { apply(event, live: false) }
            ended(reason: .byServer)
        case .replaced:
            fail(reason: "another client took over this chat; /retry takes it back")
        case .newSession:
            renew(after: error)
        case .reconnect:
            lost(error, close: close)
        case .reconnectAfter(let delay):
            lost(error, close: close, exactDelay: connection.hasOpened ? delay : nil)
        }
        if connection.shortLivedInARow == Self.shortLivedBeforeNotice {
            notice("The connection keeps closing as soon as it opens (\(error)); trying again less often. /end ends the chat.")
        }
    }

    /// Connections in a row that close right after opening before the user is told why.
    static let shortLivedBeforeNotice = 3

    static func error(for close: SocketClose, wasOpen: Bool) -> BackendError {
        switch close {
        case .afterOpen(1009):
            // Said by the side that received the message too large: here the server, of one of ours.
            .network(TransportFailure(.closed, "the server closed the connection: a message sent to it was too large (1009)"))
        case .afterOpen(let code): .network(TransportFailure(.closed, "socket closed by the server (\(code.map(String.init) ?? "no close code"))"))
        case .upgradeRefused: .network(TransportFailure(.refused, "the server refused the socket upgrade"))
        case .unreachable(let failure): .network(failure)
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
            socket = .none
        }
        guard case .closed(let reason) = connection.state else { return }
        if missedUnread, !transcriptMayBeIncomplete {
            transcriptMayBeIncomplete = true
            notice("The chat ended before what was said while you were away could be read back: the transcript may be incomplete.")
        }
        failUnsent(because: reason.description)
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
        socket = .none
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
