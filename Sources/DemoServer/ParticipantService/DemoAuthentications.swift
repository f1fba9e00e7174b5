import Foundation

/// The sign-ins the demo contact center asked customers for, and the one-minute sign-in links it
/// handed out for them (the hub's one stored property for this concern).
struct DemoAuthentications: Sendable {
    /// One sign-in: asked for by an `authenticate` step, over once it has an outcome.
    struct Session: Sendable {
        var contactId: String
        var plan: AuthenticationPlan
        /// Where the browser goes after the sign-in page (GetAuthenticationUrl's RedirectUri, last given).
        var redirectUri: String?
        /// True once any link was fetched (a sign-in never offered ends `expired`, not `timeout`).
        var linkFetched = false
        var outcome: DemoAuthenticationOutcome?
    }

    /// A sign-in link: the session it signs in to and when it stops working.
    struct Link: Sendable {
        var sessionId: String
        var expiresAtMillis: Int64
    }

    /// Sign-ins by SessionId.
    var sessions: [String: Session] = [:]
    /// Links by the token in their path.
    var links: [String: Link] = [:]

    /// The waiting sign-in of a contact, if any.
    func waiting(contactId: String) -> String? {
        sessions.first { $0.value.contactId == contactId && $0.value.outcome == nil }?.key
    }

    /// The session a link token opens while it works (at `millis`) and the sign-in waits.
    func session(forLink token: String, at millis: Int64) -> (id: String, session: Session)? {
        guard let link = links[token], link.expiresAtMillis > millis, let session = sessions[link.sessionId],
            session.outcome == nil
        else { return nil }
        return (link.sessionId, session)
    }

    /// Forgets a contact's sign-ins (the chat ended).
    mutating func remove(contactId: String) {
        let ids = Set(sessions.filter { $0.value.contactId == contactId }.map(\.key))
        for id in ids { sessions[id] = nil }
        links = links.filter { !ids.contains($0.value.sessionId) }
    }
}

/// GetAuthenticationUrl's body (`SessionId` is exactly 36 characters, `RedirectUri` 1–1024).
struct GetAuthenticationUrlRequest: Decodable, Sendable {
    var sessionId: String?
    var redirectUri: String?
    enum CodingKeys: String, CodingKey { case sessionId = "SessionId", redirectUri = "RedirectUri" }
}

/// GetAuthenticationUrl's answer.
struct GetAuthenticationUrlResponse: Encodable, Sendable {
    var authenticationUrl: String
    enum CodingKeys: String, CodingKey { case authenticationUrl = "AuthenticationUrl" }
}

/// CancelParticipantAuthentication's body.
struct CancelParticipantAuthenticationRequest: Decodable, Sendable {
    var sessionId: String?
    enum CodingKeys: String, CodingKey { case sessionId = "SessionId" }
}
