import Foundation

/// What the session engine publishes to its subscribers (UI, transcript writers, tests).
///
/// The transcript is one value owned by the engine: every change to it arrives as
/// ``transcript(_:)`` with the change and the whole transcript after it (a cheap shared copy),
/// so a front end holds the engine's transcript instead of a copy of its own. A subscriber that
/// joins late first gets the transcript as it is, as a ``TranscriptChange/reset(hasMore:)``.
public enum ChatEvent: Sendable, Equatable {
    /// The connection changed state.
    case connection(ConnectionState)
    /// Facts about the session once known: backend, endpoint, who we are.
    case sessionInfo(SessionInfo)
    /// The transcript changed.
    case transcript(TranscriptUpdate)
    /// Someone else is typing (expires after `ChatEvent.typingLifetime` unless repeated).
    case typing(Participant)
    /// Someone stopped typing before the expiry.
    case typingStopped(Participant)
    /// The customer's place in the queue for a live agent.
    case queuePosition(Int?)
    /// A notice the user should read (a failed command, a warning); not a transcript item.
    case notice(String)
    /// An attachment upload or download started, moved on, finished or failed.
    case transfer(FileTransfer)
    /// What a diagnostics view shows about the connection (state history, last frames,
    /// heartbeat round trips, reconnects); see ``ConnectionDiagnostics`` for when it is sent.
    case diagnostics(ConnectionDiagnostics)
    /// The contact center asked the customer to sign in, or that sign-in moved on (a link to offer,
    /// a link that could not be fetched, the end).
    case authentication(AuthenticationState)

    /// How long an incoming typing indicator stays up without a repeat.
    public static let typingLifetime: TimeInterval = 12
}

/// Facts about a running session, shown in the status bar.
public struct SessionInfo: Sendable, Hashable, Codable {
    /// The protocol's name ("Amazon Connect", "PolyAI").
    public var backend: String
    /// Where we are connected (host or region).
    public var endpoint: String
    /// Our own participant, as the server knows us.
    public var me: Participant
    /// The contact / conversation id, for diagnostics.
    public var contactId: String?

    /// Creates session facts.
    public init(backend: String, endpoint: String, me: Participant, contactId: String? = nil) {
        self.backend = backend
        self.endpoint = endpoint
        self.me = me
        self.contactId = contactId
    }
}
