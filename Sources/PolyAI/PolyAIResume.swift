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

extension PolyAIBackend {
    /// The session as it stands, for saving (nil before the start).
    public var resumeRecord: PolyAIResumeRecord? {
        let now = options.now()
        return state.withLock { state in
            guard let token = state.accessToken, let sessionId = state.sessionId else { return nil }
            return PolyAIResumeRecord(
                accessToken: token, sessionId: sessionId, lastActivity: state.conversation.lastActivity ?? now)
        }
    }

    /// Adopts `options.resume` when it is fresh; a resumed session sends no join and starts without cursor.
    func adoptResume() -> Bool {
        guard let record = options.resume, record.isFresh(now: options.now()) else { return false }
        state.withLock { state in
            state.accessToken = record.accessToken
            state.sessionId = record.sessionId
            state.isNewSession = false
            state.conversation.reset()
            state.conversation.touch(record.lastActivity)
        }
        return true
    }
}
