import Foundation

/// What the demo contact center knows of its chats, shared by everything it serves (the Participant
/// Service, PolyAI, the agent desk): contacts with their items and participants, the tokens and
/// socket URLs issued for them, and the attachments uploaded.
struct ContactStore: Sendable {
    /// Every contact by its ContactId.
    var contacts: [String: ContactRecord] = [:]
    /// Each contact's items (messages and events, oldest first), by ContactId. Kept beside the
    /// records, not in them: most calls read a record out and hold it while they change the store,
    /// and an item appended or a receipt folded in while a record shares the items would copy them
    /// all — a chat of 10,000 messages paid that on every message and receipt.
    var items: [String: [StoredItem]] = [:]
    /// The SendEvent calls each contact received (for tests and the CLI), by ContactId.
    var receivedEvents: [String: [DemoReceivedEvent]] = [:]
    /// Each contact's idempotent calls, (participant, operation, ClientToken) → the JSON body first
    /// returned, by ContactId.
    var idempotent: [String: [String: Data]] = [:]
    /// ParticipantTokens (from StartChatContact and the desk) by token.
    var participantTokens: [String: TokenGrant] = [:]
    /// ConnectionTokens (from CreateParticipantConnection) by token.
    var connectionTokens: [String: ConnectionGrant] = [:]
    /// Pre-signed socket URLs by their signature.
    var socketGrants: [String: SocketGrant] = [:]
    /// Attachments by AttachmentId.
    var attachments: [String: AttachmentRecord] = [:]

    /// The contact a ParticipantToken or ConnectionToken belongs to.
    func contactId(forToken token: String) -> String? {
        connectionTokens[token]?.contactId ?? participantTokens[token]?.contactId
    }

    /// Makes every ConnectionToken issued so far expire at `millis` (403 from then on).
    mutating func expireConnectionTokens(before millis: Int64) {
        for key in connectionTokens.keys { connectionTokens[key]?.expiresAtMillis = millis - 1 }
    }
}

/// Who a token belongs to.
struct TokenGrant: Sendable {
    var contactId: String
    var participantId: String
}

/// A ConnectionToken's owner and lifetime.
struct ConnectionGrant: Sendable {
    var contactId: String
    var participantId: String
    var expiresAtMillis: Int64
}

/// A pre-signed socket URL's owner and creation time.
struct SocketGrant: Sendable {
    var contactId: String
    var participantId: String
    var createdAtMillis: Int64
}
