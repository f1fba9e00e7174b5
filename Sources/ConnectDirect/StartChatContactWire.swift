import Foundation

/// The StartChatContact request body (spec §1.1; Amazon Connect service model 2017-08-08).
struct StartChatContactRequest: Encodable {
    struct Details: Encodable {
        var displayName: String
        enum CodingKeys: String, CodingKey { case displayName = "DisplayName" }
    }

    var instanceId: String
    var contactFlowId: String
    var participantDetails: Details
    var supportedMessagingContentTypes: [String]
    var clientToken: String

    enum CodingKeys: String, CodingKey {
        case instanceId = "InstanceId", contactFlowId = "ContactFlowId", participantDetails = "ParticipantDetails"
        case supportedMessagingContentTypes = "SupportedMessagingContentTypes", clientToken = "ClientToken"
    }
}

/// The StartChatContact reply.
struct StartChatContactResponse: Decodable {
    var contactId: String?
    var participantId: String?
    var participantToken: String?
    var continuedFromContactId: String?

    enum CodingKeys: String, CodingKey {
        case contactId = "ContactId", participantId = "ParticipantId", participantToken = "ParticipantToken"
        case continuedFromContactId = "ContinuedFromContactId"
    }
}

/// An AWS JSON error body (`message` or `Message`).
struct AWSErrorBody: Decodable {
    var message: String?
    var upperMessage: String?
    var type: String?

    enum CodingKeys: String, CodingKey { case message, upperMessage = "Message", type = "__type" }
}
