import Foundation

/// The socket's life as one value: which socket is current, how far it is (opening, subscribing,
/// backfilling, live) and its heartbeat. Its methods answer with what the core is to do; the core
/// writes the frames and runs the timers.
struct SocketMachine: Sendable {
    /// Where the socket is.
    enum Stage: Sendable, Equatable {
        /// No socket.
        case none
        /// Asked the driver to open it.
        case opening(SocketID)
        /// Open; waiting for the subscription (and replay) to be confirmed (`attempt` resends so far).
        case subscribing(SocketID, attempt: Int)
        /// Subscribed; fetching what was missed before going live.
        case backfilling(SocketID)
        /// Live: messages flow.
        case live(SocketID)

        /// The socket's id, whatever its stage.
        var id: SocketID? {
            switch self {
            case .none: nil
            case .opening(let id), .subscribing(let id, _), .backfilling(let id), .live(let id): id
            }
        }
    }

    /// What to do once socket `id` opened.
    enum OpenedAction: Sendable, Equatable {
        /// Nothing: it is not the socket being opened.
        case ignore
        /// Subscribe on it (and start the subscribe timer); `roundTrip` is a round trip measured by its opening.
        case subscribe(SocketID, roundTrip: TimeInterval?)
    }

    /// What to do once the subscription is confirmed.
    enum SubscribedAction: Sendable, Equatable {
        /// Nothing: no socket is subscribing.
        case ignore
        /// Go live on it (history arrives on the socket).
        case goLive(SocketID)
        /// Read what was missed first (the stage is now backfilling).
        case backfill(SocketID)
    }

    /// What to do when the subscription was not confirmed in time.
    enum LateAction: Sendable, Equatable {
        /// Nothing: no socket is subscribing.
        case ignore
        /// The socket is ready as it is (a protocol whose server confirms nothing when it has nothing to replay).
        case ready
        /// Subscribe again on it; `attempt` resends so far, this one included.
        case resubscribe(SocketID, attempt: Int)
        /// Give the socket up: three resends went unconfirmed.
        case giveUp
    }

    /// What the end of a heartbeat's grace means.
    enum GraceAction: Sendable, Equatable {
        /// Nothing: no live socket, or no heartbeat out.
        case ignore
        /// Nothing was heard since the heartbeat went out.
        case silent
        /// Something was heard since the heartbeat went out.
        case answered
    }

    /// Resends of an unconfirmed subscription before the socket is given up.
    static let resubscribeLimit = 3

    /// Where the socket is.
    private(set) var stage = Stage.none
    /// The number of the last socket asked for (ids count up from 1).
    private var lastNumber = 0
    /// When something last came on the current socket.
    private(set) var lastFrameAt = Date.distantPast
    /// When the heartbeat now unanswered went out.
    private(set) var heartbeatSentAt: Date?
    /// When the socket being opened was asked for.
    private var openingSince: Date?

    /// The current socket's id.
    var id: SocketID? { stage.id }

    /// True while the current socket is live.
    var isLive: Bool {
        if case .live = stage { true } else { false }
    }

    /// True while the current socket is open (subscribing, backfilling or live).
    var isOpen: Bool {
        switch stage {
        case .none, .opening: false
        default: true
        }
    }

    /// A connection was granted at `now`: the id of a new socket to open (it replaces any other).
    mutating func open(now: Date) -> SocketID {
        lastNumber += 1
        let id = SocketID(lastNumber)
        stage = .opening(id)
        openingSince = now
        return id
    }

    /// The driver opened socket `id` at `now`.
    mutating func opened(_ id: SocketID, now: Date) -> OpenedAction {
        guard case .opening(id) = stage else { return .ignore }
        let roundTrip = openingSince.map { now.timeIntervalSince($0) / 2 }
        openingSince = nil
        lastFrameAt = now
        stage = .subscribing(id, attempt: 0)
        return .subscribe(id, roundTrip: roundTrip)
    }

    /// The server confirmed the subscription; `historyOnSocket` when its replay is the history.
    mutating func subscribed(historyOnSocket: Bool) -> SubscribedAction {
        guard case .subscribing(let id, _) = stage else { return .ignore }
        if historyOnSocket { return .goLive(id) }
        stage = .backfilling(id)
        return .backfill(id)
    }

    /// The subscribe timer fired; `readyWhenQuiet` when the protocol's socket is ready once nothing came.
    mutating func subscriptionLate(readyWhenQuiet: Bool) -> LateAction {
        guard case .subscribing(let id, let attempt) = stage else { return .ignore }
        if readyWhenQuiet { return .ready }
        guard attempt < Self.resubscribeLimit else { return .giveUp }
        stage = .subscribing(id, attempt: attempt + 1)
        return .resubscribe(id, attempt: attempt + 1)
    }

    /// Socket `id` goes live: false when it was not subscribing or backfilling (a broken invariant).
    mutating func goLive(_ id: SocketID) -> Bool {
        let readying = switch stage {
        case .subscribing(id, _), .backfilling(id): true
        default: false
        }
        stage = .live(id)
        return readying
    }

    /// Something came on socket `id` at `now`: false when it is not the current open socket.
    mutating func heard(on id: SocketID, now: Date) -> Bool {
        guard stage.id == id, isOpen else { return false }
        lastFrameAt = now
        return true
    }

    /// A heartbeat went out at `now`.
    mutating func heartbeatSent(at now: Date) {
        heartbeatSentAt = now
    }

    /// Something answered the heartbeat: when it went out, or nil when none is out on a live socket.
    mutating func heartbeatAnswered() -> Date? {
        guard isLive, let sent = heartbeatSentAt else { return nil }
        heartbeatSentAt = nil
        return sent
    }

    /// The heartbeat's grace is over.
    func heartbeatGraceOver() -> GraceAction {
        guard isLive, let sent = heartbeatSentAt else { return .ignore }
        return lastFrameAt < sent ? .silent : .answered
    }

    /// Forgets the socket and its heartbeat (it ended, or is replaced).
    mutating func forget() {
        stage = .none
        heartbeatSentAt = nil
    }

    /// Lets the socket go at a terminal state or a shutdown (the core closes it), and the heartbeat
    /// that was out on it: no answer can come, and a socket opened later (`/retry` after a failure)
    /// must not read the old one as its own, unanswered from the start.
    mutating func release() {
        stage = .none
        heartbeatSentAt = nil
    }
}
