import Foundation

/// A participant role as the Participant Service spells it.
public enum DemoRole: String, Sendable, Codable, CaseIterable {
    /// A human agent.
    case agent = "AGENT"
    /// The chat customer.
    case customer = "CUSTOMER"
    /// Contact-flow (system) messages.
    case system = "SYSTEM"
    /// A bot that joined as its own participant.
    case customBot = "CUSTOM_BOT"
    /// A supervisor who barged in or monitors.
    case supervisor = "SUPERVISOR"
}

/// One item of the server's own transcript record of a contact.
public struct DemoTranscriptEntry: Sendable, Equatable {
    /// Item Id, the same on the socket and in GetTranscript.
    public var id: String
    /// Item type (`MESSAGE`, `EVENT`, `ATTACHMENT`).
    public var type: String
    /// Content type (e.g. `text/plain`, `application/vnd.amazonaws.connect.event.participant.joined`).
    public var contentType: String
    /// Content, if the item has any.
    public var content: String?
    /// Role of the sender, if any.
    public var participantRole: String?
    /// Display name of the sender, if any.
    public var displayName: String?
    /// Participant Id of the sender, if any.
    public var participantId: String?
    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` time of the item.
    public var absoluteTime: String
    /// Receipts folded into a message, one per recipient.
    public var receipts: [DemoReceipt]
    /// Attachments of an `ATTACHMENT` item.
    public var attachments: [DemoAttachment] = []
}

/// An attachment as recorded on an `ATTACHMENT` item.
public struct DemoAttachment: Sendable, Equatable {
    /// The AttachmentId.
    public var id: String
    /// File name as uploaded.
    public var name: String
    /// MIME type.
    public var contentType: String
    /// `APPROVED` or `REJECTED`.
    public var status: String
}

/// A delivered/read receipt recorded on a message.
public struct DemoReceipt: Sendable, Equatable {
    /// Who received or read the message.
    public var recipientParticipantId: String
    /// When it was delivered, if known.
    public var deliveredTimestamp: String?
    /// When it was read, if known.
    public var readTimestamp: String?
}

/// An event the server received through SendEvent (typing, receipts), for throttle tests.
public struct DemoReceivedEvent: Sendable, Equatable {
    /// Id the server assigned to the event.
    public var id: String
    /// The SendEvent content type.
    public var contentType: String
    /// The SendEvent content, if any.
    public var content: String?
    /// Who sent it.
    public var participantId: String
    /// Role of the sender.
    public var participantRole: String
    /// Server time when it arrived.
    public var receivedAt: Date
}
