import Foundation

/// What is saved so a chat can be rejoined after a restart: credentials and unsent messages.
/// Holds credentials: it is written with mode 0600 and never logged.
public struct SessionSnapshot: Codable, Sendable, Hashable {
    /// The protocol ("connect", "polyai").
    public var backend: String
    /// Where the chat lives (shown, and part of the store's key).
    public var endpoint: String
    /// The credentials to rejoin with.
    public var credentials: ResumeCredentials
    /// Messages typed but not accepted yet, in typed order (failed ones included).
    public var outbox: [OutboxEntry]
    /// When the chat was started.
    public var startedAt: Date
    /// When the chat last saw activity (PolyAI sessions expire after ten idle minutes).
    public var lastActivity: Date
    /// Who the user was talking to last (the newest agent or bot that wrote), to say whom a resumed chat is with.
    public var partner: String?
    /// Attachments not accepted yet (uploading or failed), oldest first.
    public var uploads: [SavedUpload]

    /// Creates a snapshot.
    public init(
        backend: String, endpoint: String, credentials: ResumeCredentials, outbox: [OutboxEntry], startedAt: Date,
        lastActivity: Date, partner: String? = nil, uploads: [SavedUpload] = []
    ) {
        self.partner = partner
        self.uploads = uploads
        self.backend = backend
        self.endpoint = endpoint
        self.credentials = credentials
        self.outbox = outbox
        self.startedAt = startedAt
        self.lastActivity = lastActivity
    }
}
