import Foundation

/// The PolyAI Messaging half of the hub: tokens, sessions, the socket and client frames.
extension ContactCenterHub {
    /// Counts one REST call (tests check that a refused key is not retried).
    func polyAICount(_ path: String) {
        polyAI.requestCounts[path, default: 0] += 1
    }

    /// `POST /access-token`: a JWT for a known connector token and a host, else the error body.
    func polyAIAccessToken(apiKey: String?, host: String?) -> Result<String, PolyAIRESTFailure> {
        guard let apiKey, !apiKey.isEmpty, let host, !host.isEmpty else {
            return .failure(PolyAIRESTFailure(status: 401, message: "Missing authentication headers"))
        }
        if let keys = polyAI.apiKeys, !keys.contains(apiKey) {
            return .failure(PolyAIRESTFailure(status: 401, message: "Connector token does not exist"))
        }
        let token = PolyAIServerWire.mintToken(now: configuration.now(), lifetime: 86400)
        polyAI.accessTokens.insert(token)
        return .success(token)
    }

    /// `POST /sessions`: a session bound to the token, backed by a new demo contact.
    func polyAICreateSession(accessToken: String?, streaming: Bool) -> Result<String, PolyAIRESTFailure> {
        guard let accessToken, polyAI.accessTokens.contains(accessToken) else {
            return .failure(PolyAIRESTFailure(status: 401, message: "Missing access token"))
        }
        let started = startChat(
            displayName: "Customer",
            supportedContentTypes: ["text/plain", "text/markdown", "application/vnd.amazonaws.connect.message.interactive"],
            durationMinutes: nil, continuedFrom: nil)
        let sessionId = Self.newId()
        polyAI.sessions[sessionId] = PolyAISessionRecord(
            accessToken: accessToken, contactId: started.contactId, streaming: streaming)
        polyAI.sessionByContact[started.contactId] = sessionId
        let capabilities: [String: Any] = [
            "streaming": streaming, "max_message_size_bytes": 131072,
            "heartbeat_interval_seconds": polyAI.heartbeatSeconds, "max_reconnect_attempts": 10,
        ]
        polyAIAppend(sessionId, type: "SESSION_START", payload: ["capabilities": capabilities], broadcast: false)
        return .success(sessionId)
    }

    /// Whether a socket may open for this token and session (unknown, foreign or ended: refused).
    func polyAIAdmit(accessToken: String?, sessionId: String?) -> SocketGrant? {
        guard !stopped, !faults.refuseUpgrades, let accessToken, let sessionId, let session = polyAI.sessions[sessionId],
            session.accessToken == accessToken, !session.ended, let contact = store.contacts[session.contactId], !contact.ended
        else { return nil }
        return SocketGrant(contactId: contact.contactId, participantId: contact.customerId, createdAtMillis: nowMillis)
    }

    /// Registers an open PolyAI socket and queues the first batch: `SESSION_START` plus the replay after
    /// `cursor` (with the bare-replay fault, a cursor reconnect gets the replay alone, or nothing; with
    /// the bulky-replay fault, in a batch past a megabyte).
    func polyAIRegister(_ grant: SocketGrant, sessionId: String, cursor: Int) -> (UUID, AsyncStream<SocketCommand>) {
        let (id, stream) = registerSocket(grant)
        guard sockets[id] != nil, var session = polyAI.sessions[sessionId] else { return (id, stream) }
        session.sockets.insert(id)
        polyAI.sessions[sessionId] = session
        polyAI.sessionBySocket[id] = sessionId
        polyAI.lastInbound[id] = configuration.now()
        let from = polyAI.faults.overlappingReplay ? max(cursor - 2, 0) : cursor
        let events = polyAI.events[sessionId] ?? []
        var replay = events.filter { ($0.sequence ?? 0) > from && $0.sequence != 1 }
        if polyAI.faults.overlappingReplay { replay.reverse() }
        let bare = polyAI.faults.bareReplay && cursor > 0
        let first = bare ? [] : events.first.map { [$0.json] } ?? []
        let frames = first + replay.map(\.json)
        let padding = polyAI.faults.bulkyReplay && cursor > 0 ? PolyAIServerWire.bulk : nil
        if !frames.isEmpty { sockets[id]?.continuation.yield(.text(PolyAIServerWire.batch(frames, padding: padding))) }
        if let code = polyAI.faults.closeAfterReplay {
            polyAI.faults.closeAfterReplay = nil
            sockets[id]?.end(.close(code: code, reason: "Injected close after the replay"))
        }
        return (id, stream)
    }

    /// Forgets a closed PolyAI socket.
    func polyAIUnregister(_ id: UUID) {
        polyAI.lastInbound[id] = nil
        if let sessionId = polyAI.sessionBySocket.removeValue(forKey: id) {
            polyAI.sessions[sessionId]?.sockets.remove(id)
        }
        unregisterSocket(id)
    }

    /// Stores (when sequenced) and sends an event to every socket of the session; returns it.
    @discardableResult
    func polyAIAppend(
        _ sessionId: String, type: String, payload: [String: Any], metadata: [String: Any]? = nil,
        transient: Bool = false, broadcast: Bool = true
    ) -> PolyAIStoredEvent? {
        guard let next = polyAI.sessions[sessionId]?.nextSequence else { return nil }
        let id = Self.newId()
        let sequence = transient ? nil : next
        let json = PolyAIServerWire.envelope(
            id: id, sequence: sequence, time: configuration.now(), type: type, payload: payload, metadata: metadata)
        let event = PolyAIStoredEvent(id: id, sequence: sequence, json: json)
        if !transient {
            polyAI.sessions[sessionId]?.nextSequence += 1
            polyAI.events[sessionId, default: []].append(event)
        }
        if broadcast { polyAISend(sessionId, event.json) }
        return event
    }

    /// Writes one frame to every open socket of a session (not while half-open).
    func polyAISend(_ sessionId: String, _ frame: String) {
        guard let session = polyAI.sessions[sessionId] else { return }
        for id in session.sockets where faults.speaks(id) { sockets[id]?.continuation.yield(.text(frame)) }
    }

    /// Handles one client frame (spec §5): join, user message, typing, heartbeat, end; others → ERROR.
    func polyAIHandleFrame(_ socketId: UUID, text: String) {
        guard faults.speaks(socketId), let sessionId = polyAI.sessionBySocket[socketId],
            let session = polyAI.sessions[sessionId]
        else { return }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let type = object["type"] as? String
        else {
            // Not a JSON event: an ERROR system message; the socket stays open (spec §3).
            polyAIAppend(
                sessionId, type: "SYSTEM_MESSAGE",
                payload: ["message": "Invalid message: expected a JSON event with a type", "level": "SYSTEM_MESSAGE_LEVEL_ERROR"])
            return
        }
        polyAI.lastInbound[socketId] = configuration.now()
        let payload = object["payload"] as? [String: Any] ?? [:]
        switch type {
        case PolyAIServerWire.type("HEARTBEAT"):
            let echo = PolyAIServerWire.envelope(
                id: Self.newId(), sequence: nil, time: configuration.now(), type: "HEARTBEAT", payload: [:])
            sockets[socketId]?.continuation.yield(.text(echo))
        case PolyAIServerWire.type("REQUEST_POLY_AGENT_JOIN"):
            polyAIAppend(sessionId, type: "REQUEST_POLY_AGENT_JOIN", payload: [:])
            polyAIStartFlow(session.contactId, customerName: PolyAIServerWire.customerName(object["metadata"]))
        case PolyAIServerWire.type("USER_MESSAGE"):
            polyAIUserMessage(sessionId, socketId: socketId, payload: payload, metadata: object["metadata"])
        case PolyAIServerWire.type("USER_TYPING"):
            break
        case PolyAIServerWire.type("USER_END_SESSION"):
            polyAIAppend(sessionId, type: "USER_END_SESSION", payload: [:])
            endChat(session.contactId, customerLeft: true)
        default:
            polyAIAppend(
                sessionId, type: "SYSTEM_MESSAGE",
                payload: ["message": "Invalid event type: \(type)", "level": "SYSTEM_MESSAGE_LEVEL_ERROR"])
        }
    }

    /// Starts the bot on the first join request; a name the client sent there (see
    /// ``PolyAIServerWire/customerName(_:)``) becomes the customer's name in the flow and transcript.
    private func polyAIStartFlow(_ contactId: String, customerName: String?) {
        guard let contact = store.contacts[contactId], !contact.flowStarted, !contact.ended else { return }
        store.contacts[contactId]?.flowStarted = true
        if let customerName { store.contacts[contactId]?.participants[contact.customerId]?.displayName = customerName }
        runners[contactId]?.start(customerName: customerName)
    }

    private func polyAIUserMessage(_ sessionId: String, socketId: UUID, payload: [String: Any], metadata: Any?) {
        guard !polyAI.faults.dropUserMessages, let session = polyAI.sessions[sessionId], !session.ended else { return }
        let text = (payload["text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        let localId = ((metadata as? [String: Any])?["custom"] as? [String: Any])?["local_id"] as? String
        if let localId, let echo = polyAI.echoes[sessionId]?[localId] {
            // A resend of a message we already have: echo it again, store nothing.
            sockets[socketId]?.continuation.yield(.text(echo.json))
            return
        }
        guard let item = appendItem(session.contactId, { $0.content = text }, type: "MESSAGE", contentType: "text/plain",
                                    participantId: store.contacts[session.contactId]?.customerId)
        else { return }
        let echoPayload: [String: Any] = ["message_id": item.id, "text": text]
        let echo = polyAIAppend(
            sessionId, type: "USER_MESSAGE", payload: echoPayload, metadata: metadata as? [String: Any])
        if let localId, let echo { polyAI.echoes[sessionId, default: [:]][localId] = echo }
        polyAIStartFlow(session.contactId, customerName: nil)
        runners[session.contactId]?.customerMessage(id: item.id, text: text)
    }
}

/// A REST error of the PolyAI half: status and the `message` body key.
struct PolyAIRESTFailure: Error, Sendable {
    /// HTTP status.
    var status: Int
    /// The `message` value.
    var message: String
}
