/// The StartChatContact request body, read by the startChatContactAPI template backend (spec §1.2)
/// and by Amazon Connect itself (spec §1.1): each path leaves out the fields it does not use (a nil
/// field is not encoded), so both start paths build their body here.
struct StartChatRequest: Encodable {
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
    var supportedMessagingContentTypes: [String] = ConnectWire.supportedContentTypes
    var persistentChat: Persistent?
    /// Only for the service itself, which makes the call idempotent with it.
    var clientToken: String?

    enum CodingKeys: String, CodingKey {
        case instanceId = "InstanceId", contactFlowId = "ContactFlowId", participantDetails = "ParticipantDetails"
        case supportedMessagingContentTypes = "SupportedMessagingContentTypes", persistentChat = "PersistentChat"
        case clientToken = "ClientToken"
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

/// StartChatContact's result: the service's whole reply, and the template's (PascalCase inside its
/// camelCase wrapper).
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

extension StartChatResult {
    /// The started chat, when the reply holds a participant token.
    func started(markdownAllowed: Bool) -> StartedChat? {
        guard let participantToken, !participantToken.isEmpty else { return nil }
        return StartedChat(
            participantToken: participantToken, participantId: participantId, contactId: contactId,
            markdownAllowed: markdownAllowed, continuedFromContactId: continuedFromContactId)
    }
}
