import Foundation

/// Actions of server-side participants (flow personas, injected agents).
extension ContactCenterHub {
    /// The participant Id of a persona on a contact, joining it first (with `participant.joined`) if needed.
    @discardableResult
    func ensurePersona(_ contactId: String, _ key: String) -> String? {
        guard let contact = store.contacts[contactId], !contact.ended, let persona = flow.participants[key] else {
            return nil
        }
        if let present = contact.participant(persona: key) { return present.id }
        let id = Self.newId()
        store.contacts[contactId]?.participants[id] = ParticipantRecord(
            id: id, role: persona.role, displayName: persona.displayName, persona: key)
        if persona.role != .system {
            appendEvent(contactId, contentType: EventType.participantJoined, participantId: id)
        }
        return id
    }

    /// A persona leaves (`participant.left`).
    func personaLeave(_ contactId: String, _ key: String) {
        guard let contact = store.contacts[contactId], !contact.ended, let present = contact.participant(persona: key) else {
            return
        }
        appendEvent(contactId, contentType: EventType.participantLeft, participantId: present.id)
        store.contacts[contactId]?.participants[present.id]?.present = false
    }

    /// A persona's typing event (fanned out, not stored).
    func personaTyping(_ contactId: String, _ key: String) {
        guard let id = ensurePersona(contactId, key), var contact = store.contacts[contactId] else { return }
        let item = transientItem(&contact, type: "EVENT", contentType: EventType.typing, participantId: id)
        store.contacts[contactId] = contact
        fanOut(contact, item.wire(contactId: contactId, initialContactId: contact.initialContactId, forSocket: true))
    }

    /// A persona's message; a content type the contact does not support is sent as text/plain
    /// (using `plain` when given, else the same text).
    @discardableResult
    func personaMessage(_ contactId: String, _ key: String, text: String, contentType: String, plain: String? = nil)
        -> String?
    {
        guard let id = ensurePersona(contactId, key), let contact = store.contacts[contactId] else { return nil }
        let supported = Self.deliverable(contentType, to: contact)
        let type = supported ? contentType : "text/plain"
        let body = supported ? text : (plain ?? text)
        return appendItem(contactId, { $0.content = body }, type: "MESSAGE", contentType: type, participantId: id)?.id
    }

    /// Whether the contact accepts a content type (text/plain always).
    static func deliverable(_ contentType: String, to contact: ContactRecord) -> Bool {
        contentType == "text/plain" || contact.supportedContentTypes.contains(contentType)
    }

    /// One partial chunk of a streamed message (socket only, never stored); all chunks share `messageId`.
    func personaChunk(_ contactId: String, _ key: String, messageId: String, text: String, number: Int,
                      contentType: String)
    {
        guard let id = ensurePersona(contactId, key), var contact = store.contacts[contactId] else { return }
        let type = Self.deliverable(contentType, to: contact) ? contentType : "text/plain"
        var item = transientItem(&contact, type: "MESSAGE", contentType: type, participantId: id)
        store.contacts[contactId] = contact
        item.id = messageId
        item.content = text
        var wire = item.wire(contactId: contactId, initialContactId: contact.initialContactId, forSocket: true)
        wire.messageMetadata = WireMessageMetadata(messageId: messageId, messageCompleted: false, chunkNumber: number)
        fanOut(contact, wire)
    }

    /// The final, whole message of a stream: stored under the chunks' Id and sent with `MessageCompleted: true`.
    func personaStreamEnd(_ contactId: String, _ key: String, messageId: String, text: String, contentType: String) {
        guard let id = ensurePersona(contactId, key), let contact = store.contacts[contactId] else { return }
        let type = Self.deliverable(contentType, to: contact) ? contentType : "text/plain"
        appendItem(contactId, {
            $0.id = messageId
            $0.content = text
            $0.streamCompleted = true
        }, type: "MESSAGE", contentType: type, participantId: id)
    }

    /// Any other event from a persona (or from no one, e.g. a flow-level event).
    func personaEvent(_ contactId: String, _ key: String?, contentType: String, content: String?) {
        let id = key == DemoFlow.customerKey && flow.participants[DemoFlow.customerKey] == nil
            ? store.contacts[contactId]?.customerId : key.flatMap { ensurePersona(contactId, $0) }
        guard store.contacts[contactId]?.ended == false else { return }
        appendEvent(contactId, contentType: contentType, participantId: id, content: content)
    }

    /// The persona marks a customer message delivered and read (MESSAGEMETADATA fan-out).
    func personaReadReceipt(_ contactId: String, _ key: String, messageId: String) {
        guard let contact = store.contacts[contactId], !contact.ended, let persona = contact.participant(persona: key),
            persona.role != .system
        else { return }
        var record = contact
        let millis = record.nextMillis(now: nowMillis)
        store.contacts[contactId] = record
        applyReceipt(contactId, messageId: messageId, recipient: persona.id, read: true, itemId: Self.newId(),
                     millis: millis)
    }

    /// A message injected by a test as some role; joins an ad-hoc participant of that role if none is present.
    func inject(_ contactId: String, text: String, role: DemoRole, contentType: String) -> String? {
        guard var contact = store.contacts[contactId], !contact.ended else { return nil }
        var sender = contact.participants.values.first { $0.role == role && $0.present }
        if sender == nil {
            let key = flow.participants.first { $0.value.role == role }?.key
            if let key, let id = ensurePersona(contactId, key) {
                sender = store.contacts[contactId]?.participants[id]
            } else {
                let record = ParticipantRecord(
                    id: Self.newId(), role: role,
                    displayName: role == .system ? "SYSTEM_MESSAGE" : role.rawValue.capitalized)
                contact.participants[record.id] = record
                store.contacts[contactId] = contact
                if role != .system {
                    appendEvent(contactId, contentType: EventType.participantJoined, participantId: record.id)
                }
                sender = record
            }
        }
        guard let sender else { return nil }
        return appendItem(contactId, { $0.content = text }, type: "MESSAGE", contentType: contentType,
                          participantId: sender.id)?.id
    }
}

/// Read-only views for tests and the CLI.
extension ContactCenterHub {
    /// The server's record of a contact's transcript.
    func entries(_ contactId: String) -> [DemoTranscriptEntry] {
        guard let items = store.items[contactId] else { return [] }
        return items.map { item in
            DemoTranscriptEntry(
                id: item.id, type: item.type, contentType: item.contentType, content: item.content,
                participantRole: item.role?.rawValue, displayName: item.displayName, participantId: item.participantId,
                absoluteTime: ConnectTime.string(millis: item.millis),
                receipts: item.receipts.keys.sorted().compactMap { key in
                    item.receipts[key].map {
                        DemoReceipt(recipientParticipantId: $0.recipientParticipantId,
                                    deliveredTimestamp: $0.deliveredTimestamp, readTimestamp: $0.readTimestamp)
                    }
                },
                attachments: (item.attachments ?? []).map {
                    DemoAttachment(id: $0.attachmentId, name: $0.attachmentName, contentType: $0.contentType,
                                   status: $0.status)
                })
        }
    }

    /// Contact Ids, oldest first.
    func contactIds() -> [String] {
        let started = { (id: String) in self.store.items[id]?.first?.millis ?? 0 }
        return store.contacts.keys.sorted { (started($0), $0) < (started($1), $1) }
    }

    /// SendEvent calls the server received on a contact.
    func received(_ contactId: String) -> [DemoReceivedEvent] {
        store.receivedEvents[contactId] ?? []
    }

    /// Number of open sockets (all contacts, or one).
    func openSocketCount(_ contactId: String?) -> Int {
        contactId.map { sockets.links(ofContact: $0).count } ?? sockets.values.count
    }

    /// Whether a contact has ended.
    func hasEnded(_ contactId: String) -> Bool {
        store.contacts[contactId]?.ended ?? false
    }
}
