import Foundation

/// Where a queued chat stands.
struct HandoffStatus: Sendable, Equatable {
    /// Whether any agent console is online.
    var agentsOnline: Bool
    /// 1-based place in the queue; nil when the chat is not (or no longer) waiting.
    var position: Int?
}

/// The live-agent desk: the flow's side (queue, timeout) and the agent consoles' side (sign in, accept, release).
extension ContactCenterHub {
    /// Agent consoles that polled the desk within the presence window.
    private var onlineAgentCount: Int {
        desk.onlineCount(nowMillis: nowMillis, windowMillis: configuration.agentPresenceWindow.wholeMilliseconds)
    }

    // MARK: Flow side

    /// Puts a chat in the queue; returns where it stands.
    func enqueueHandoff(_ contactId: String, customerName: String, plan: HandoffPlan) -> HandoffStatus {
        guard store.contacts[contactId]?.ended == false else { return HandoffStatus(agentsOnline: false, position: nil) }
        desk.enqueue(.init(contactId: contactId, customerName: customerName, plan: plan, sinceMillis: nowMillis))
        return handoffStatus(contactId)
    }

    /// Where a queued chat stands now.
    func handoffStatus(_ contactId: String) -> HandoffStatus {
        HandoffStatus(agentsOnline: onlineAgentCount > 0, position: desk.position(of: contactId))
    }

    /// Takes a chat off the queue (the scripted agent takes it); false when it was no longer waiting.
    func leaveQueue(_ contactId: String) -> Bool {
        guard desk.position(of: contactId) != nil else { return false }
        desk.remove(contactId: contactId)
        return true
    }

    /// Nobody took the chat in time: off the queue, `transfer.failed`; false when it was no longer waiting.
    func queueTimedOut(_ contactId: String) -> Bool {
        guard leaveQueue(contactId) else { return false }
        appendEvent(contactId, contentType: EventType.transferFailed, participantId: nil)
        return true
    }

    /// A contact-flow (SYSTEM) message.
    func systemMessage(_ contactId: String, _ text: String) {
        _ = inject(contactId, text: text, role: .system, contentType: "text/plain")
    }

    /// `participant.invited` for a persona that has not joined yet.
    func personaInvite(_ contactId: String, _ key: String) {
        guard store.contacts[contactId]?.ended == false, let persona = flow.participants[key] else { return }
        let id = Self.newId()
        store.contacts[contactId]?.participants[id] = ParticipantRecord(
            id: id, role: persona.role, displayName: persona.displayName, persona: key, present: false)
        appendEvent(contactId, contentType: EventType.participantInvited, participantId: id)
    }

    /// A present persona gets a new display name (`participant.displayname.updated` carries it).
    func personaRename(_ contactId: String, _ key: String, to displayName: String) {
        guard let id = ensurePersona(contactId, key) else { return }
        store.contacts[contactId]?.participants[id]?.displayName = displayName
        appendEvent(contactId, contentType: EventType.displayNameUpdated, participantId: id)
    }

    // MARK: Agent console side

    /// Signs an agent console in.
    func agentSignIn(name: String) throws(DeskFailure) -> DeskSignInResponse {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 64 else {
            throw DeskFailure(status: 400, message: "An agent name of 1 to 64 characters is required")
        }
        let token = Self.newToken()
        desk.signIn(name: trimmed, token: token, nowMillis: nowMillis)
        return DeskSignInResponse(agentToken: token, name: trimmed)
    }

    /// Signs a console out.
    func agentSignOut(token: String?) {
        if let token { desk.signOut(token: token) }
    }

    /// The queue as a console sees it (also keeps the console online).
    func agentQueue(token: String?) throws(DeskFailure) -> DeskQueueResponse {
        let agent = try touch(token)
        let now = nowMillis
        let waiting = desk.waiting.map { chat in
            DeskWaitingChat(
                contactId: chat.contactId, customerName: chat.customerName, queue: chat.plan.queue,
                waitingSeconds: Int(max(0, now - chat.sinceMillis) / 1000),
                lastMessage: store.items[chat.contactId]?.last { $0.role == .customer && $0.type == "MESSAGE" }?.content)
        }
        return DeskQueueResponse(
            agentName: agent.name, agentsOnline: onlineAgentCount, waiting: waiting)
    }

    /// An agent takes a waiting chat: the acceptance is announced, the bot leaves, the agent joins.
    func agentAccept(token: String?, contactId: String?) throws(DeskFailure) -> DeskAcceptResponse {
        let agent = try touch(token)
        guard let contactId, store.contacts[contactId]?.ended == false else { throw .notWaiting }
        let chat: AgentDesk.WaitingChat
        do { chat = try desk.accept(contactId: contactId, token: agent.token) } catch { throw DeskFailure(error) }
        systemMessage(contactId, chat.plan.acceptedMessage(agent: agent.name))
        let bots = (store.contacts[contactId]?.participants.values).map(Array.init) ?? []
        for bot in bots where bot.present && bot.role != .system && bot.role != .customer {
            if let key = bot.persona { personaLeave(contactId, key) }
        }
        let id = Self.newId()
        store.contacts[contactId]?.participants[id] = ParticipantRecord(id: id, role: .agent, displayName: agent.name)
        let participantToken = Self.newToken()
        store.participantTokens[participantToken] = TokenGrant(contactId: contactId, participantId: id)
        appendEvent(contactId, contentType: EventType.participantJoined, participantId: id)
        runners[contactId]?.humanAccepted(chat.plan)
        logger.debug("agent accepted chat", metadata: ["contact": "\(contactId)"])
        return DeskAcceptResponse(
            contactId: contactId, participantId: id, participantToken: participantToken,
            customerName: chat.customerName)
    }

    /// The agent hands the chat back to the flow: the agent leaves, `transfer.succeeded`, the flow's release steps.
    func agentRelease(token: String?, contactId: String?) throws(DeskFailure) {
        let agent = try touch(token)
        guard let contactId, let contact = store.contacts[contactId], !contact.ended else { throw .notYours }
        do { try desk.release(contactId: contactId, token: agent.token) } catch { throw DeskFailure(error) }
        for participant in contact.participants.values
        where participant.present && participant.role == .agent && participant.persona == nil {
            store.contacts[contactId]?.participants[participant.id]?.present = false
            appendEvent(contactId, contentType: EventType.participantLeft, participantId: participant.id)
            for (id, link) in sockets where link.participantId == participant.id {
                link.end(.close(code: 1000, reason: "Participant left"))
                sockets[id] = nil
            }
        }
        appendEvent(contactId, contentType: EventType.transferSucceeded, participantId: nil)
        runners[contactId]?.humanReleased()
    }

    private func touch(_ token: String?) throws(DeskFailure) -> AgentDesk.Agent {
        guard let token else { throw .unknownAgent }
        do { return try desk.touch(token: token, nowMillis: nowMillis) } catch { throw DeskFailure(error) }
    }
}
