import Foundation

/// What is needed to rejoin a PolyAI session after a restart (holds the access token: store it 0600).
public struct PolyAIResumeRecord: Sendable, Hashable {
    /// The access token the session is bound to (a credential).
    public var accessToken: String
    /// The session id.
    public var sessionId: String
    /// The last activity on the session.
    public var lastActivity: Date

    /// Creates a record.
    public init(accessToken: String, sessionId: String, lastActivity: Date) {
        self.accessToken = accessToken
        self.sessionId = sessionId
        self.lastActivity = lastActivity
    }

    /// True when the session may be rejoined at `now`: active within 600 s and the token still valid.
    public func isFresh(now: Date) -> Bool {
        now.timeIntervalSince(lastActivity) < PolyAIPolicies.idleTimeout && PolyAIJWT.isUsable(accessToken, now: now)
    }
}
