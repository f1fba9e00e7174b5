/// The body the startChatContactAPI template backend reads (spec §1.2).
struct StartChatTemplateRequest: Encodable {
    struct Details: Encodable {
        var displayName: String
        enum CodingKeys: String, CodingKey { case displayName = "DisplayName" }
    }
    struct Persistent: Encodable {
        var rehydrationType: String
        var sourceContactId: String
        enum CodingKeys: String, CodingKey { case rehydrationType = "RehydrationType", sourceContactId = "SourceContactId" }
    }
    var instanceId: String?
    var contactFlowId: String?
    var participantDetails: Details
    var supportedMessagingContentTypes: [String]
    var persistentChat: Persistent?

    enum CodingKeys: String, CodingKey {
        case instanceId = "InstanceId", contactFlowId = "ContactFlowId", participantDetails = "ParticipantDetails"
        case supportedMessagingContentTypes = "SupportedMessagingContentTypes", persistentChat = "PersistentChat"
    }
}

/// The template backend's reply: `{"data":{"startChatResult":{…},"featurePermissions":{…}}}` or `{"data":{"Error":{…}}}`.
struct StartChatTemplateResponse: Decodable {
    struct Payload: Decodable {
        var startChatResult: StartChatResult?
        var featurePermissions: [String: Bool]?
        var error: TemplateError?
        enum CodingKeys: String, CodingKey {
            case startChatResult, featurePermissions, error = "Error"
        }
    }
    struct TemplateError: Decodable {
        var message: String?
        var code: String?
    }
    var data: Payload?
    var message: String?
}

/// StartChatContact's result (PascalCase inside the template's camelCase wrapper).
struct StartChatResult: Decodable, Sendable {
    var contactId: String?
    var participantId: String?
    var participantToken: String?
    var continuedFromContactId: String?
    enum CodingKeys: String, CodingKey {
        case contactId = "ContactId", participantId = "ParticipantId", participantToken = "ParticipantToken"
        case continuedFromContactId = "ContinuedFromContactId"
    }
}
