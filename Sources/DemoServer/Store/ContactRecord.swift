import Foundation

/// A participant of a contact as the server tracks it.
struct ParticipantRecord: Sendable {
    var id: String
    var role: DemoRole
    var displayName: String
    /// Flow persona key for server-side participants (`bot`, `ava`…); nil for the customer.
    var persona: String?
    /// Whether the participant is still on the contact.
    var present = true
}

/// A stored transcript item (messages and events; typing is never stored).
struct StoredItem: Sendable {
    var id: String
    var type: String
    var contentType: String
    var content: String?
    var participantId: String?
    var displayName: String?
    var role: DemoRole?
    var millis: Int64
    /// Receipts folded in from MESSAGEMETADATA, keyed by recipient participant Id.
    var receipts: [String: WireReceipt] = [:]
    /// Set on items copied from a past session (persistent chat).
    var relatedContactId: String?
    var attachments: [WireAttachment]?
    /// The final item of a streamed message (sent with `MessageCompleted: true` on the socket).
    var streamCompleted = false

    /// The item as it appears on the wire for `contactId` / `initialContactId`.
    func wire(contactId: String, initialContactId: String, forSocket: Bool) -> WireItem {
        var item = WireItem(
            absoluteTime: ConnectTime.string(millis: millis), content: content,
            contentType: type == "ATTACHMENT" ? nil : contentType,
            id: id, type: type, participantId: participantId, displayName: displayName,
            participantRole: role?.rawValue)
        if forSocket {
            if streamCompleted { item.messageMetadata = WireMessageMetadata(messageId: id, messageCompleted: true) }
            item.attachments = attachments
            item.initialContactId = initialContactId
            item.contactId = relatedContactId ?? contactId
        } else {
            item.attachments = attachments ?? []
            if let relatedContactId {
                item.relatedContactId = relatedContactId
            } else {
                item.contactId = contactId
            }
            if !receipts.isEmpty {
                item.messageMetadata = WireMessageMetadata(
                    messageId: id, receipts: receipts.keys.sorted().compactMap { receipts[$0] })
            }
        }
        return item
    }
}

/// The state of one chat contact. What grows with the chat (its items, the events and idempotent
/// calls received) is kept in ``ContactStore`` beside the record, not in it.
struct ContactRecord: Sendable {
    var contactId: String
    var initialContactId: String
    var customerId: String
    var participants: [String: ParticipantRecord] = [:]
    var supportedContentTypes: Set<String>
    var ended = false
    var lastMillis: Int64 = 0
    var flowStarted = false
    var continuedFromContactId: String?
    /// Id of the stored `chat.rehydrated` event of a persistent chat, until it was pushed on the socket.
    var pendingRehydration: String?
    /// The customer's messages the flow's message rules stopped, and texts whose check failed once.
    var processing = MessageProcessingRecord()

    /// Next timestamp for this contact: wall clock, but strictly after the previous one.
    mutating func nextMillis(now: Int64) -> Int64 {
        lastMillis = max(now, lastMillis + 1)
        return lastMillis
    }

    /// The customer's participant record.
    var customer: ParticipantRecord? { participants[customerId] }

    /// Participant present with a given flow persona key.
    func participant(persona: String) -> ParticipantRecord? {
        participants.values.first { $0.persona == persona && $0.present }
    }
}
