import ChatModel
import Foundation

/// Ending the chat as one value: how far the user's `/end` has gone (one phase), whether the server
/// ended the chat, and what tells why it ended. Its methods answer with what the core is to do; the
/// core does it (timers, calls, the connection's own `closing` state stay the core's).
///
/// The server can end the chat at any of our phases (while our end is on its way, say), so its end
/// is a second, smaller enum beside the phase rather than one more case of it.
struct ChatEnding: Sendable, Equatable {
    /// How far the user's `/end` has gone.
    enum Phase: Sendable, Equatable {
        /// Nobody asked to end the chat.
        case notAsked
        /// The user asked; the unsent messages go out first (the flush timer runs).
        case flushing
        /// The end was sent (its answer may still be on its way, or the wait for the server's end is over).
        case sent
        /// The end was refused with an expired connection token: a new connection is on its way to send it again.
        case renewingToSend
        /// The end went through on a live socket: a grace runs for the server's own end.
        case awaitingServerEnd
    }

    /// Whether the server ended the chat.
    enum ServerEnd: Sendable, Equatable {
        /// It has not.
        case notEnded
        /// It ended the chat while the missed messages were being read: the page on its way ends it.
        case afterBackfill
        /// It ended the chat.
        case ended
    }

    /// What to do about the user's `/end`.
    enum RequestAction: Sendable, Equatable {
        /// Nothing: an end is already on its way, or the chat is over.
        case ignore
        /// Send the unsent messages first (and start the flush timer).
        case flush
        /// Send the end now.
        case sendEnd
    }

    /// What to do about the end call's answer.
    enum AnswerAction: Sendable, Equatable {
        /// Nothing: the connection is no longer closing.
        case none
        /// Ask for a new connection, then send the end again.
        case renewToSend
        /// Give up: the contact center refused to end the chat.
        case fail
        /// Wait a grace for the server's own end.
        case awaitServerEnd
        /// The chat ended.
        case end
    }

    /// What to do about the server's end.
    enum ServerEndAction: Sendable, Equatable {
        /// Read the page on its way first; it ends the chat when it comes.
        case readBackfillFirst
        /// End the chat now.
        case end
    }

    /// How far the user's `/end` has gone.
    private(set) var phase = Phase.notAsked
    /// Whether the server ended the chat.
    private(set) var server = ServerEnd.notEnded
    /// The agent or bot who last left the chat (said when the chat then ends).
    private(set) var lastLeaver: String?
    /// When the chat was ended for inactivity (`participant.autodisconnection`).
    private(set) var idleEnd: Date?

    /// True once the user asked to end the chat (it stays true: the end is theirs).
    var askedByUser: Bool { phase != .notAsked }

    /// True while the unsent messages go out before the end.
    var isFlushing: Bool { phase == .flushing }

    /// True while a grace runs for the server's own end.
    var awaitsServerEnd: Bool { phase == .awaitingServerEnd }

    /// True once the server ended the chat (now or after the page on its way).
    var serverEnded: Bool { server != .notEnded }

    /// True while the page on its way ends the chat the server ended.
    var endsAfterBackfill: Bool { server == .afterBackfill }

    /// The user asked to end the chat; `closingOrOver`: the connection is closing already or terminal.
    mutating func requested(closingOrOver: Bool, outboxDrained: Bool, suspended: Bool) -> RequestAction {
        guard !closingOrOver, phase != .flushing else { return .ignore }
        if !outboxDrained, !suspended {
            phase = .flushing
            return .flush
        }
        phase = .sent
        return .sendEnd
    }

    /// The outbox drained, or the flush time is up: true when the end is to be sent now.
    mutating func flushOver() -> Bool {
        guard phase == .flushing else { return false }
        phase = .sent
        return true
    }

    /// The end call answered: `refused` when with an expired token (access denied), `closing` when the
    /// connection still is, `mayRenew` when a new connection may be asked for, `live` when the socket is.
    mutating func answered(refused: Bool, closing: Bool, mayRenew: Bool, live: Bool) -> AnswerAction {
        if refused, closing, server == .notEnded {
            guard mayRenew else { return .fail }
            phase = .renewingToSend
            return .renewToSend
        }
        guard closing else { return .none }
        guard live, server == .notEnded else { return .end }
        phase = .awaitingServerEnd
        return .awaitServerEnd
    }

    /// A connection answered: true when it was asked for only to send the refused end again.
    mutating func renewedToSend() -> Bool {
        guard phase == .renewingToSend else { return false }
        phase = .sent
        return true
    }

    /// The grace for the server's own end is over.
    mutating func graceOver() {
        if phase == .awaitingServerEnd { phase = .sent }
    }

    /// The server ended the chat; `readingBackfill` when the missed messages are still being read.
    mutating func serverEndedChat(readingBackfill: Bool) -> ServerEndAction {
        if server != .afterBackfill, readingBackfill {
            server = .afterBackfill
            return .readBackfillFirst
        }
        server = .ended
        return .end
    }

    /// Notes a live item from the other side that tells why the chat may end: who left, when it idled out.
    mutating func heard(_ item: ChatItem) {
        switch item.kind {
        case .event(.left) where item.sender.role == .agent || item.sender.role == .bot:
            lastLeaver = item.sender.name
        case .event(.autoDisconnection):
            idleEnd = item.time
        case .message:
            lastLeaver = nil
        default:
            break
        }
    }

    /// Why the chat ended: the user's end, an idle end (counted from `lastOwn`, our last item's time),
    /// the last leaver, or else the server.
    func reason(lastOwn: @autoclosure () -> Date) -> EndReason {
        if askedByUser { return .byYou }
        if let idleEnd {
            return .idle(minutes: max(1, Int((idleEnd.timeIntervalSince(lastOwn()) / 60).rounded())))
        }
        if let lastLeaver { return .byParticipant(lastLeaver) }
        return .byServer
    }
}
