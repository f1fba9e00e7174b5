import ChatModel
import Foundation

/// The socket's stages as the core drives them: opening, subscribing, backfilling, live, heartbeats,
/// and losing or replacing the socket (``SocketMachine`` holds where it is).
extension SessionCore {
    mutating func socketOpened(_ id: SocketID) {
        guard case .subscribe(let id, let roundTrip) = socket.opened(id, now: now) else { return }
        if let roundTrip { link.note(roundTrip) }
        for frame in wire.socketOpened(now: now) { write(frame, on: id) }
        startTimer(.subscribe, after: patient(settings.subscribeTimeout, rounds: 2))
    }

    /// The socket confirmed the subscription (and its replay, where history comes on the socket).
    mutating func subscribed() {
        let next = socket.subscribed(historyOnSocket: wire.capabilities.historyArrivesOnSocket)
        guard next != .ignore else { return }
        cancelTimer(.subscribe)
        // Whatever the socket that ended was confirming is either in the replay or not with the server.
        if outbox.headState == .unconfirmed { outbox.setHead(.waiting) }
        switch next {
        case .ignore: break
        case .goLive(let id): goLive(id)
        case .backfill: startBackfill()
        }
    }

    /// The subscription was not confirmed in time: send it again, or give the socket up after three tries;
    /// a socket ready when opened is ready now.
    mutating func subscriptionLate() {
        switch socket.subscriptionLate(readyWhenQuiet: wire.capabilities.readiness == .answeredOrQuiet) {
        case .ignore:
            return
        case .ready:
            // Nothing came: the server had nothing to replay and confirms nothing.
            log(.info, "nothing replayed on the new socket; it is ready")
            subscribed()
        case .giveUp:
            log(.warning, "the server never confirmed the subscription; replacing the socket")
            dropSocket(because: .network(TransportFailure(.timedOut, "the server never confirmed the subscription")))
        case .resubscribe(let id, let attempt):
            log(.info, "subscription not confirmed; sending it again (\(attempt))")
            for frame in wire.socketOpened(now: now) { write(frame, on: id) }
            startTimer(.subscribe, after: patient(settings.subscribeTimeout, rounds: 2))
        }
    }

    mutating func goLive(_ id: SocketID) {
        let before = socket.stage
        if !socket.goLive(id) { broken("live on \(id) from \(before)") }
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
        guard case .live(let id) = socket.stage else { return }
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
        socket.heartbeatSent(at: now)
        diagnostics.heartbeatSent(at: now)
        startTimer(.heartbeatGrace, after: heartbeatGrace)
    }

    /// A frame came after the heartbeat went out: the socket is alive, so the grace timer is not
    /// needed and the next heartbeat is due one interval after this one (one wake-up per interval).
    mutating func heartbeatAnswered() {
        guard let sent = socket.heartbeatAnswered() else { return }
        cancelTimer(.heartbeatGrace)
        let left = max(0, wire.capabilities.heartbeatInterval.seconds - now.timeIntervalSince(sent))
        startTimer(.heartbeat, after: .milliseconds(Int64((left * 1000).rounded(.up))))
    }

    mutating func heartbeatGraceOver() {
        let verdict = socket.heartbeatGraceOver()
        guard verdict != .ignore else { return }
        // While ending, the end call's answer (or the server's own end) decides, not a slow heartbeat.
        if verdict == .silent, connection.state != .closing {
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
        socket.forget()
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
}
