import Foundation

// Wire shapes of the Participant Service (REST-JSON), written from the AWS model
// `connectparticipant-2018-09-07` and the spec fixtures. Member names are PascalCase on the wire.

/// `Item` of a transcript, also the inner JSON of an `aws/chat` socket frame.
struct WireItem: Codable, Sendable, Equatable {
    var absoluteTime: String
    var content: String?
    var contentType: String?
    var id: String
    var type: String
    var participantId: String?
    var displayName: String?
    var participantRole: String?
    var attachments: [WireAttachment]?
    var messageMetadata: WireMessageMetadata?
    var relatedContactId: String?
    var contactId: String?
    var initialContactId: String?

    enum CodingKeys: String, CodingKey {
        case absoluteTime = "AbsoluteTime", content = "Content", contentType = "ContentType", id = "Id"
        case type = "Type", participantId = "ParticipantId", displayName = "DisplayName"
        case participantRole = "ParticipantRole", attachments = "Attachments"
        case messageMetadata = "MessageMetadata", relatedContactId = "RelatedContactId"
        case contactId = "ContactId", initialContactId = "InitialContactId"
    }
}

/// `AttachmentItem` inside an item's `Attachments`.
struct WireAttachment: Codable, Sendable, Equatable {
    var contentType: String
    var attachmentId: String
    var attachmentName: String
    var status: String

    enum CodingKeys: String, CodingKey {
        case contentType = "ContentType", attachmentId = "AttachmentId"
        case attachmentName = "AttachmentName", status = "Status"
    }
}

/// `MessageMetadata` of an item.
struct WireMessageMetadata: Codable, Sendable, Equatable {
    var messageId: String
    var receipts: [WireReceipt]?
    var messageProcessingStatus: String?
    /// Streaming (Lex) chunks: false on partial chunks, true on the final whole message.
    var messageCompleted: Bool?
    /// Streaming (Lex) chunks: 1, 2, 3… on partial chunks.
    var chunkNumber: Int?

    enum CodingKeys: String, CodingKey {
        case messageId = "MessageId", receipts = "Receipts", messageProcessingStatus = "MessageProcessingStatus"
        case messageCompleted = "MessageCompleted", chunkNumber = "ChunkNumber"
    }
}

/// `Receipt` inside `MessageMetadata.Receipts`.
struct WireReceipt: Codable, Sendable, Equatable {
    var deliveredTimestamp: String?
    var readTimestamp: String?
    var recipientParticipantId: String

    enum CodingKeys: String, CodingKey {
        case deliveredTimestamp = "DeliveredTimestamp", readTimestamp = "ReadTimestamp"
        case recipientParticipantId = "RecipientParticipantId"
    }
}

/// CreateParticipantConnection request body.
struct CreateConnectionRequest: Decodable {
    var type: [String]?
    var connectParticipant: Bool?

    enum CodingKeys: String, CodingKey { case type = "Type", connectParticipant = "ConnectParticipant" }
}

/// CreateParticipantConnection response body.
struct CreateConnectionResponse: Encodable {
    struct Websocket: Encodable {
        var url: String
        var connectionExpiry: String
        enum CodingKeys: String, CodingKey { case url = "Url", connectionExpiry = "ConnectionExpiry" }
    }
    struct Credentials: Encodable {
        var connectionToken: String
        var expiry: String
        enum CodingKeys: String, CodingKey { case connectionToken = "ConnectionToken", expiry = "Expiry" }
    }
    var websocket: Websocket?
    var connectionCredentials: Credentials?

    enum CodingKeys: String, CodingKey { case websocket = "Websocket", connectionCredentials = "ConnectionCredentials" }
}

/// SendMessage request body.
struct SendMessageRequest: Decodable {
    var contentType: String?
    var content: String?
    var clientToken: String?

    enum CodingKeys: String, CodingKey { case contentType = "ContentType", content = "Content", clientToken = "ClientToken" }
}

/// SendEvent request body (same members as SendMessage, Content optional).
typealias SendEventRequest = SendMessageRequest

/// SendMessage / SendEvent response body.
struct SendResponse: Codable, Sendable {
    /// `MessageProcessingMetadata`: what message processing says of the message.
    struct ProcessingMetadata: Codable, Sendable {
        var messageProcessingStatus: String
        enum CodingKeys: String, CodingKey { case messageProcessingStatus = "MessageProcessingStatus" }
    }
    var id: String
    var absoluteTime: String
    /// Present only when the flow's message rules had a say (`PROCESSING`, `REJECTED`, `FAILED`).
    var messageMetadata: ProcessingMetadata?

    enum CodingKeys: String, CodingKey { case id = "Id", absoluteTime = "AbsoluteTime", messageMetadata = "MessageMetadata" }
}

/// `StartPosition` of a GetTranscript request.
struct WireStartPosition: Decodable {
    var id: String?
    var absoluteTime: String?
    var mostRecent: Int?

    enum CodingKeys: String, CodingKey { case id = "Id", absoluteTime = "AbsoluteTime", mostRecent = "MostRecent" }
}

/// GetTranscript request body.
struct GetTranscriptRequest: Decodable {
    var contactId: String?
    var maxResults: Int?
    var nextToken: String?
    var scanDirection: String?
    var sortOrder: String?
    var startPosition: WireStartPosition?

    enum CodingKeys: String, CodingKey {
        case contactId = "ContactId", maxResults = "MaxResults", nextToken = "NextToken"
        case scanDirection = "ScanDirection", sortOrder = "SortOrder", startPosition = "StartPosition"
    }
}

/// GetTranscript response body.
struct GetTranscriptResponse: Encodable {
    var initialContactId: String
    var nextToken: String?
    var transcript: [WireItem]

    enum CodingKeys: String, CodingKey {
        case initialContactId = "InitialContactId", nextToken = "NextToken", transcript = "Transcript"
    }
}

/// DisconnectParticipant request body.
struct DisconnectRequest: Decodable {
    var clientToken: String?

    enum CodingKeys: String, CodingKey { case clientToken = "ClientToken" }
}

/// The outer `aws/chat` socket envelope; `content` is the item as a JSON string.
struct ChatFrame: Encodable {
    var content: String
    var contentType = "application/json"
    var topic = "aws/chat"
}
