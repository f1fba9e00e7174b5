import Foundation

/// What the demo contact center knows of its chats, shared by everything it serves (the Participant
/// Service, PolyAI, the agent desk): contacts with their items and participants, the tokens and
/// socket URLs issued for them, and the attachments uploaded.
struct ContactStore: Sendable {
    /// Every contact by its ContactId.
    var contacts: [String: ContactRecord] = [:]
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
