import Foundation
import SessionCore

/// A transcript item as the Participant Service sends it (REST `Item`, and the inner JSON of `aws/chat` frames).
///
/// Every field except `Id`, `Type` and `AbsoluteTime` is optional, because events such as
/// `chat.ended` and `transfer.failed` arrive without participant fields (spec §3.4).
struct ConnectItem: Codable, Sendable {
    var absoluteTime: String
    var content: String?
    var contentType: String?
    var id: String
    var type: String
    var participantId: String?
    var displayName: String?
    var participantRole: String?
    var attachments: [ConnectAttachmentItem]?
    var messageMetadata: ConnectMessageMetadata?
    var relatedContactId: String?
    var contactId: String?
    var initialContactId: String?

    enum CodingKeys: String, CodingKey {
        case absoluteTime = "AbsoluteTime", content = "Content", contentType = "ContentType", id = "Id"
        case type = "Type", participantId = "ParticipantId", displayName = "DisplayName"
        case participantRole = "ParticipantRole", attachments = "Attachments", messageMetadata = "MessageMetadata"
        case relatedContactId = "RelatedContactId", contactId = "ContactId", initialContactId = "InitialContactId"
    }
}

/// `Attachments[]` of an item.
struct ConnectAttachmentItem: Codable, Sendable {
    var contentType: String?
    var attachmentId: String?
    var attachmentName: String?
    var status: String?

    enum CodingKeys: String, CodingKey {
        case contentType = "ContentType", attachmentId = "AttachmentId", attachmentName = "AttachmentName"
        case status = "Status"
    }
}

/// `MessageMetadata` of an item: receipts, processing status and streaming-chunk markers.
struct ConnectMessageMetadata: Codable, Sendable {
    var messageId: String?
    var receipts: [ConnectReceipt]?
    var messageProcessingStatus: String?
    var messageCompleted: Bool?
    var chunkNumber: Int?

    enum CodingKeys: String, CodingKey {
        case messageId = "MessageId", receipts = "Receipts", messageProcessingStatus = "MessageProcessingStatus"
        case messageCompleted = "MessageCompleted", chunkNumber = "ChunkNumber"
    }
}

/// One receipt inside `MessageMetadata.Receipts`.
struct ConnectReceipt: Codable, Sendable {
    var deliveredTimestamp: String?
    var readTimestamp: String?
    var recipientParticipantId: String?

    enum CodingKeys: String, CodingKey {
        case deliveredTimestamp = "DeliveredTimestamp", readTimestamp = "ReadTimestamp"
        case recipientParticipantId = "RecipientParticipantId"
    }
}

/// The outer envelope of every socket frame; which keys are present tells the frame apart.
struct ConnectSocketFrame: Decodable, Sendable {
    var topic: String?
    var content: FrameContent?
    var contentType: String?
    var statusCode: Int?
    var statusContent: String?
    var message: String?

    /// `content` is a JSON string for `aws/chat` and an object for `aws/subscribe`.
    enum FrameContent: Decodable, Sendable {
        case text(String)
        case subscription(status: String?)

        private struct Subscription: Decodable {
            var status: String?
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .subscription(status: try container.decode(Subscription.self).status)
            }
        }
    }
}

/// CreateParticipantConnection request body.
struct CreateParticipantConnectionRequest: Encodable {
    var type: [String]
    var connectParticipant: Bool?

    enum CodingKeys: String, CodingKey { case type = "Type", connectParticipant = "ConnectParticipant" }
}

/// CreateParticipantConnection response body.
struct CreateParticipantConnectionResponse: Decodable {
    struct Websocket: Decodable {
        var url: String?
        var connectionExpiry: String?
        enum CodingKeys: String, CodingKey { case url = "Url", connectionExpiry = "ConnectionExpiry" }
    }
    struct Credentials: Decodable {
        var connectionToken: String?
        var expiry: String?
        enum CodingKeys: String, CodingKey { case connectionToken = "ConnectionToken", expiry = "Expiry" }
    }
    var websocket: Websocket?
    var connectionCredentials: Credentials?

    enum CodingKeys: String, CodingKey { case websocket = "Websocket", connectionCredentials = "ConnectionCredentials" }
}

/// SendMessage request body.
struct SendMessageRequest: Encodable {
    var contentType: String
    var content: String
    var clientToken: String
    enum CodingKeys: String, CodingKey { case contentType = "ContentType", content = "Content", clientToken = "ClientToken" }
}

/// SendMessage / SendEvent response body.
struct SendResponse: Decodable {
    /// `MessageMetadata` of the answer (`MessageProcessingMetadata` in the service model).
    struct Metadata: Decodable {
        var messageProcessingStatus: String?
        enum CodingKeys: String, CodingKey { case messageProcessingStatus = "MessageProcessingStatus" }
    }
    var id: String?
    var absoluteTime: String?
    var messageMetadata: Metadata?
    enum CodingKeys: String, CodingKey { case id = "Id", absoluteTime = "AbsoluteTime", messageMetadata = "MessageMetadata" }
}

/// `MessageProcessingStatus` (`PROCESSING`, `FAILED`, `REJECTED`) read into a verdict; a value the
/// service model does not list says nothing (nil), as an absent one does.
enum ConnectProcessingStatus {
    static func verdict(_ raw: String?) -> MessageProcessing? {
        switch raw {
        case "PROCESSING": .processing
        case "REJECTED": .rejected
        case "FAILED": .failed
        default: nil
        }
    }
}

/// SendEvent request body.
struct SendEventRequest: Encodable {
    var contentType: String
    var content: String?
    var clientToken: String
    enum CodingKeys: String, CodingKey { case contentType = "ContentType", content = "Content", clientToken = "ClientToken" }
}

/// GetTranscript request body.
struct GetTranscriptRequest: Encodable {
    struct StartPosition: Encodable {
        var id: String?
        enum CodingKeys: String, CodingKey { case id = "Id" }
    }
    var maxResults: Int
    var scanDirection: String
    var sortOrder: String
    var startPosition: StartPosition
    var nextToken: String?

    enum CodingKeys: String, CodingKey {
        case maxResults = "MaxResults", scanDirection = "ScanDirection", sortOrder = "SortOrder"
        case startPosition = "StartPosition", nextToken = "NextToken"
    }
}

/// GetTranscript response body.
struct GetTranscriptResponse: Decodable {
    var initialContactId: String?
    var nextToken: String?
    var transcript: [ConnectItem]?
    enum CodingKeys: String, CodingKey {
        case initialContactId = "InitialContactId", nextToken = "NextToken", transcript = "Transcript"
    }
}

/// DisconnectParticipant request body.
struct DisconnectRequest: Encodable {
    var clientToken: String
    enum CodingKeys: String, CodingKey { case clientToken = "ClientToken" }
}
