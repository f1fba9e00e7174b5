import Foundation

/// Participant Service operations (everything behind `/participant/*`).
extension ContactCenterHub {
    /// Content types SendMessage accepts, with their Content length limits.
    static let messageLimits: [String: Int] = [
        "text/plain": 1024, "text/markdown": 1024, "application/json": 12000,
        "application/vnd.amazonaws.connect.message.interactive.response": 12288,
    ]

    /// Resolves a ConnectionToken to its live contact and participant, or throws 403.
    func authorizeConnection(_ token: String?) throws -> (contact: ContactRecord, participant: ParticipantRecord) {
        guard let token, let grant = store.connectionTokens[token], grant.expiresAtMillis > nowMillis,
            let contact = store.contacts[grant.contactId], !contact.ended,
            let participant = contact.participants[grant.participantId], participant.present
        else { throw ParticipantServiceError.accessDenied }
        return (contact, participant)
    }

    /// Returns the cached body for a retried idempotent call, if any.
    func cached(_ contact: ContactRecord, _ participant: ParticipantRecord, _ operation: String,
                        _ clientToken: String?) -> Data?
    {
        guard let clientToken, !clientToken.isEmpty else { return nil }
        return store.idempotent[contact.contactId]?["\(participant.id)|\(operation)|\(clientToken)"]
    }

    /// Remembers the body of an idempotent call.
    func remember(_ contactId: String, _ participantId: String, _ operation: String, _ clientToken: String?,
                          _ body: Data)
    {
        guard let clientToken, !clientToken.isEmpty else { return }
        store.idempotent[contactId, default: [:]]["\(participantId)|\(operation)|\(clientToken)"] = body
    }

    func checkClientToken(_ token: String?) throws {
        if let token, token.count > 500 { throw ParticipantServiceError.length("clientToken", min: 0, max: 500) }
    }

    /// The ContentType a SendMessage or SendEvent names, or the service's validation error when it names none.
    func requiredContentType(_ type: String?) throws -> String {
        guard let type, !type.isEmpty else {
            throw ParticipantServiceError.validation(
                "1 validation error detected: Value null at 'contentType' failed to satisfy constraint: "
                    + "Member must not be null")
        }
        return type
    }

    /// CreateParticipantConnection: a new ConnectionToken and a new socket URL.
    func createConnection(participantToken: String?, request: CreateConnectionRequest, socketBase: String) throws
        -> Data
    {
        guard let participantToken, let grant = store.participantTokens[participantToken],
            let contact = store.contacts[grant.contactId], !contact.ended,
            let participant = contact.participants[grant.participantId], participant.present
        else { throw ParticipantServiceError.accessDenied }
        let types = request.type ?? ["WEBSOCKET", "CONNECTION_CREDENTIALS"]
        guard !types.isEmpty else { throw ParticipantServiceError.length("type", min: 1, max: 2) }
        for type in types where !["WEBSOCKET", "CONNECTION_CREDENTIALS", "WEBRTC_CONNECTION"].contains(type) {
            throw ParticipantServiceError.validation(
                "1 validation error detected: Value '[\(type)]' at 'type' failed to satisfy constraint: Member must "
                    + "satisfy constraint: [Member must satisfy enum value set: [WEBRTC_CONNECTION, WEBSOCKET, "
                    + "CONNECTION_CREDENTIALS]]")
        }
        let now = nowMillis
        var response = CreateConnectionResponse()
        if types.contains("WEBSOCKET") {
            let signature = Self.signature()
            store.socketGrants[signature] = SocketGrant(
                contactId: contact.contactId, participantId: participant.id, createdAtMillis: now)
            let date = ConnectTime.string(millis: now).filter { $0 != "-" && $0 != ":" }.prefix(15) + "Z"
            let url = "\(socketBase)/connect/chat?X-Amz-Algorithm=AWS4-HMAC-SHA256"
                + "&X-Amz-Credential=DEMOCREDENTIAL%2Fhelpline-demo%2Fexecute-api%2Faws4_request"
                + "&X-Amz-Date=\(date)&X-Amz-Expires=100&X-Amz-SignedHeaders=host&X-Amz-Signature=\(signature)"
            response.websocket = .init(url: url, connectionExpiry: ConnectTime.string(millis: now + 3_600_000))
        }
        if types.contains("CONNECTION_CREDENTIALS") {
            let token = Self.newToken()
            let expiry = now + configuration.connectionTokenLifetime.wholeMilliseconds
            store.connectionTokens[token] = ConnectionGrant(
                contactId: contact.contactId, participantId: participant.id, expiresAtMillis: expiry)
            response.connectionCredentials = .init(connectionToken: token, expiry: ConnectTime.string(millis: expiry))
        }
        return WireJSON.data(response)
    }

    /// A random hex "signature" naming a socket grant.
    static func signature() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// SendMessage: stores and fans out the customer's message (idempotent on ClientToken).
    func sendMessage(connectionToken: String?, request: SendMessageRequest) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        try checkClientToken(request.clientToken)
        if let body = cached(contact, participant, "SendMessage", request.clientToken) { return body }
        let type = try requiredContentType(request.contentType)
        guard let limit = Self.messageLimits[type], contact.supportedContentTypes.contains(type) else {
            throw ParticipantServiceError.validation("The content type \(type) is not supported for this contact.")
        }
        guard let content = request.content, !content.isEmpty, content.count <= limit else {
            throw ParticipantServiceError.length("content", min: 1, max: limit)
        }
        var answer = type == InteractiveAnswer.contentType
            ? try InteractiveAnswer.parse(content) : InteractiveAnswer.carouselSelection(content)
        // The flow's message rules check a customer's text first: it may be blocked, or pass redacted.
        let check = processMessage(contact, participant, content: content, contentType: type)
        if case .stopped(let body) = check {
            remember(contact.contactId, participant.id, "SendMessage", request.clientToken, body)
            return body
        }
        let delivered = check.deliveredText ?? content
        if check.deliveredText != nil { answer = nil }
        guard let item = appendItem(contact.contactId, { $0.content = delivered }, type: "MESSAGE", contentType: type,
                                    participantId: participant.id)
        else { throw ParticipantServiceError.accessDenied }
        let body = WireJSON.data(SendResponse(
            id: item.id, absoluteTime: ConnectTime.string(millis: item.millis),
            messageMetadata: check.deliveredText == nil ? nil : .init(messageProcessingStatus: "PROCESSING")))
        remember(contact.contactId, participant.id, "SendMessage", request.clientToken, body)
        if participant.role == .customer, let runner = runners[contact.contactId] {
            if store.contacts[contact.contactId]?.flowStarted == false {
                store.contacts[contact.contactId]?.flowStarted = true
                runner.start()
            }
            runner.customerMessage(id: item.id, text: answer?.text ?? delivered, answer: answer)
        }
        return body
    }

    /// SendEvent: typing (fanned out, not stored), receipts (folded into the message) or the legacy ack.
    func sendEvent(connectionToken: String?, request: SendEventRequest) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        try checkClientToken(request.clientToken)
        if let body = cached(contact, participant, "SendEvent", request.clientToken) { return body }
        let type = try requiredContentType(request.contentType)
        if let content = request.content, content.count > 16384 {
            throw ParticipantServiceError.length("content", min: 1, max: 16384)
        }
        var messageId: String?
        switch type {
        case EventType.typing, EventType.acknowledged:
            break
        case EventType.delivered, EventType.read:
            let supervised = contact.participants.values.contains { $0.role == .supervisor && $0.present }
            if faults.receiptConflict || supervised { throw ParticipantServiceError.conflict }
            messageId = try Self.receiptMessageId(request.content)
        default:
            throw ParticipantServiceError.validation("The content type \(type) is not supported for SendEvent.")
        }
        var record = contact
        let item = transientItem(&record, type: "EVENT", contentType: type, participantId: participant.id)
        store.contacts[contact.contactId] = record
        store.receivedEvents[contact.contactId, default: []].append(
            DemoReceivedEvent(
                id: item.id, contentType: type, content: request.content, participantId: participant.id,
                participantRole: participant.role.rawValue, receivedAt: configuration.now()))
        if type == EventType.typing {
            fanOut(record, item.wire(contactId: record.contactId, initialContactId: record.initialContactId,
                                     forSocket: true))
        } else if let messageId {
            applyReceipt(contact.contactId, messageId: messageId, recipient: participant.id,
                         read: type == EventType.read, itemId: item.id, millis: item.millis)
        }
        let body = WireJSON.data(SendResponse(id: item.id, absoluteTime: ConnectTime.string(millis: item.millis)))
        remember(contact.contactId, participant.id, "SendEvent", request.clientToken, body)
        return body
    }

    /// Reads `messageId` from a receipt's JSON Content.
    static func receiptMessageId(_ content: String?) throws -> String {
        guard let content, let object = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any],
            let id = object["messageId"] as? String, !id.isEmpty
        else {
            throw ParticipantServiceError.validation(
                "Content must be a JSON object with a messageId for message receipts.")
        }
        return id
    }

    /// Folds a receipt into the message and fans out a MESSAGEMETADATA item with the merged receipt.
    func applyReceipt(_ contactId: String, messageId: String, recipient: String, read: Bool, itemId: String,
                      millis: Int64)
    {
        guard let contact = store.contacts[contactId] else { return }
        let stamp = ConnectTime.string(millis: millis)
        var receipt = WireReceipt(recipientParticipantId: recipient)
        // Receipts are for recent messages: the search starts from the newest.
        if let index = store.items[contactId]?.lastIndex(where: { $0.id == messageId }) {
            receipt = store.items[contactId]?[index].receipts[recipient] ?? receipt
            receipt.deliveredTimestamp = receipt.deliveredTimestamp ?? stamp
            if read { receipt.readTimestamp = receipt.readTimestamp ?? stamp }
            store.items[contactId]?[index].receipts[recipient] = receipt
        } else {
            receipt.deliveredTimestamp = stamp
            if read { receipt.readTimestamp = stamp }
        }
        var wire = WireItem(absoluteTime: stamp, contentType: EventType.metadata, id: itemId, type: "MESSAGEMETADATA")
        wire.messageMetadata = WireMessageMetadata(messageId: messageId, receipts: [receipt])
        wire.initialContactId = contact.initialContactId
        wire.contactId = contact.contactId
        fanOut(contact, wire)
    }

    /// GetTranscript with paging.
    func transcript(connectionToken: String?, request: GetTranscriptRequest) throws -> Data {
        let (contact, _) = try authorizeConnection(connectionToken)
        if let requested = request.contactId, requested != contact.contactId, requested != contact.initialContactId,
            requested != contact.continuedFromContactId
        {
            throw ParticipantServiceError.accessDenied
        }
        let stored = store.items[contact.contactId] ?? []
        let page = try TranscriptPager(contactId: contact.contactId).page(items: stored, request: request)
        var items = stored[page.range].map {
            $0.wire(contactId: contact.contactId, initialContactId: contact.initialContactId, forSocket: false)
        }
        if page.descending { items.reverse() }
        return WireJSON.data(GetTranscriptResponse(
            initialContactId: contact.initialContactId, nextToken: page.nextToken, transcript: items))
    }

    /// DisconnectParticipant: the customer leaves and the chat ends.
    func disconnect(connectionToken: String?, request: DisconnectRequest) throws -> Data {
        let (contact, participant) = try authorizeConnection(connectionToken)
        try checkClientToken(request.clientToken)
        if let body = cached(contact, participant, "DisconnectParticipant", request.clientToken) { return body }
        let body = Data("{}".utf8)
        remember(contact.contactId, participant.id, "DisconnectParticipant", request.clientToken, body)
        endChat(contact.contactId, customerLeft: participant.role == .customer)
        return body
    }
}
