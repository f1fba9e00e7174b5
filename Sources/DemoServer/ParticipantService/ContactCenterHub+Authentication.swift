import Foundation

/// Customer sign-in (the AuthenticateCustomer block, spec §2.2 and §3.5): an `authenticate` step asks
/// for it, GetAuthenticationUrl hands out a one-minute link to the demo's own sign-in page
/// (``AuthenticationRoutes``), and the page, CancelParticipantAuthentication or the step's timeout
/// ends it with one of the `authentication.*` events.
extension ContactCenterHub {
    /// Longest name the sign-in page takes.
    static let signInNameLimit = 64

    /// An `authenticate` step: `authentication.initiated` carrying a new SessionId, and the timeout.
    /// A sign-in the contact still waited for ends `expired` first.
    func startAuthentication(_ contactId: String, plan: AuthenticationPlan) {
        guard store.contacts[contactId]?.ended == false else { return }
        if let older = authentications.waiting(contactId: contactId) { endAuthentication(older, .expired) }
        let sessionId = Self.newId()
        authentications.sessions[sessionId] = DemoAuthentications.Session(contactId: contactId, plan: plan)
        authenticationEvent(contactId, "authentication.initiated", content: WireJSON.string(["SessionId": sessionId]))
        let timeout = configuration.replyDelay * plan.timeout
        let sleep = configuration.timerSleep
        Task { [weak self] in
            guard (try? await sleep(timeout)) != nil else { return }
            await self?.authenticationTimedOut(sessionId)
        }
    }

    /// GetAuthenticationUrl: a link to the sign-in page, valid for `authenticationLinkLifetime`. The demo
    /// hands out a fresh one for as long as the sign-in waits (the service: within a minute of `initiated`).
    func authenticationURL(connectionToken: String?, request: GetAuthenticationUrlRequest, base: String) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        guard participant.role == .customer else { throw ParticipantServiceError.accessDenied }
        let sessionId = try Self.sessionId(request.sessionId)
        guard let redirect = request.redirectUri, (1...1024).contains(redirect.count) else {
            throw ParticipantServiceError.length("redirectUri", min: 1, max: 1024)
        }
        guard let session = authentications.sessions[sessionId], session.contactId == contact.contactId else {
            throw ParticipantServiceError.validation("The authentication session \(sessionId) was not found for this contact.")
        }
        guard session.outcome == nil else {
            throw ParticipantServiceError.validation("The authentication session \(sessionId) is no longer active.")
        }
        let token = Self.signature()
        let expires = nowMillis + configuration.authenticationLinkLifetime.wholeMilliseconds
        authentications.links[token] = DemoAuthentications.Link(sessionId: sessionId, expiresAtMillis: expires)
        authentications.sessions[sessionId]?.linkFetched = true
        authentications.sessions[sessionId]?.redirectUri = redirect
        return WireJSON.data(GetAuthenticationUrlResponse(authenticationUrl: "\(base)/auth/sign-in/\(token)"))
    }

    /// CancelParticipantAuthentication: the sign-in ends `cancelled` (its flow branch runs).
    func cancelAuthentication(connectionToken: String?, request: CancelParticipantAuthenticationRequest) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        guard participant.role == .customer else { throw ParticipantServiceError.accessDenied }
        let sessionId = try Self.sessionId(request.sessionId)
        guard let session = authentications.sessions[sessionId], session.contactId == contact.contactId else {
            throw ParticipantServiceError.validation("The authentication session \(sessionId) was not found for this contact.")
        }
        if session.outcome == nil { endAuthentication(sessionId, .cancelled) }
        return Data("{}".utf8)
    }

    /// The sign-in page a link opens, while the link works: the customer's name to prefill.
    func signInPage(token: String) -> String? {
        guard let found = authentications.session(forLink: token, at: nowMillis) else { return nil }
        return store.contacts[found.session.contactId]?.customer?.displayName ?? ""
    }

    /// The sign-in page's form was sent: the sign-in succeeds as `name` or fails. Nil when the link no
    /// longer works; else where to send the browser (the RedirectUri, when it is an http(s) URL).
    func signIn(token: String, name: String, succeed: Bool) -> (redirect: String?, signedIn: Bool)? {
        guard let found = authentications.session(forLink: token, at: nowMillis) else { return nil }
        let (sessionId, session) = (found.id, found.session)
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let signedIn = succeed && (1...Self.signInNameLimit).contains(trimmed.count)
        authentications.links[token] = nil
        endAuthentication(sessionId, signedIn ? .succeeded : .failed, name: trimmed)
        let redirect = session.redirectUri.flatMap { URL(string: $0) }.flatMap { url in
            ["http", "https"].contains(url.scheme?.lowercased() ?? "") ? url.absoluteString : nil
        }
        return (redirect, signedIn)
    }

    /// The step's time is up: `timeout` once a link was fetched, else `expired`.
    func authenticationTimedOut(_ sessionId: String) {
        guard let session = authentications.sessions[sessionId], session.outcome == nil else { return }
        endAuthentication(sessionId, session.linkFetched ? .timeout : .expired)
    }

    /// Ends a sign-in: its event, then its flow branch (`name`: who signed in).
    private func endAuthentication(_ sessionId: String, _ outcome: DemoAuthenticationOutcome, name: String = "") {
        guard let session = authentications.sessions[sessionId], session.outcome == nil else { return }
        authentications.sessions[sessionId]?.outcome = outcome
        authentications.links = authentications.links.filter { $0.value.sessionId != sessionId }
        authenticationEvent(session.contactId, "authentication." + outcome.rawValue, content: nil)
        logger.debug("sign-in ended", metadata: ["contact": "\(session.contactId)", "outcome": "\(outcome.rawValue)"])
        runners[session.contactId]?.authenticationEnded(session.plan, outcome: outcome, name: name)
    }

    /// An `authentication.*` event from the flow's SYSTEM persona (or the contact center itself).
    private func authenticationEvent(_ contactId: String, _ name: String, content: String?) {
        let system = flow.participants.filter { $0.value.role == .system }.map(\.key).sorted().first
        personaEvent(contactId, system, contentType: EventType.prefix + name, content: content)
    }

    /// A SessionId as the model has it (exactly 36 characters), or the service's validation error.
    private static func sessionId(_ value: String?) throws -> String {
        guard let value, value.count == 36 else { throw ParticipantServiceError.length("sessionId", min: 36, max: 36) }
        return value
    }
}
