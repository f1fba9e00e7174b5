import ChatEngine
import Foundation

/// How a Connect chat is started (spec §1).
public enum ConnectChatStart: Sendable, Hashable {
    /// POST to a startChatContactAPI-style backend, which calls StartChatContact for us.
    case template(url: String, displayName: String, instanceId: String?, contactFlowId: String?)
    /// Like `template`, continuing an ended chat as a persistent chat (spec §4.9).
    case persistent(url: String, displayName: String, sourceContactId: String)
    /// Join with a participant token someone else obtained.
    case participantToken(String, displayName: String?)
    /// Rejoin a chat this client started before (from the session store).
    case resume(StartedChat, displayName: String)
}

/// What a started chat gives us; the token is a credential.
public struct StartedChat: Sendable, Hashable {
    /// The participant token, used for every (re)connection.
    public var participantToken: String
    /// Our participant id, when the start reply named it.
    public var participantId: String?
    /// The contact id, when known.
    public var contactId: String?
    /// Whether the start reply allowed `text/markdown`.
    public var markdownAllowed: Bool
    /// The contact this chat continues (persistent chat).
    public var continuedFromContactId: String?

    /// Creates the record of a started chat.
    public init(
        participantToken: String, participantId: String?, contactId: String?, markdownAllowed: Bool,
        continuedFromContactId: String? = nil
    ) {
        self.participantToken = participantToken
        self.participantId = participantId
        self.contactId = contactId
        self.markdownAllowed = markdownAllowed
        self.continuedFromContactId = continuedFromContactId
    }
}

/// Calls the start-chat template backend (spec §1.2).
enum ConnectChatStarter {
    /// Content types we can show; interactive ones arrive with the rich-content work.
    static let supportedContentTypes = [
        "text/plain", "text/markdown",
        "application/vnd.amazonaws.connect.message.interactive",
        "application/vnd.amazonaws.connect.message.interactive.response",
    ]

    /// Starts a chat through the template backend at `url`.
    static func start(
        url: String, displayName: String, instanceId: String?, contactFlowId: String?,
        continuing sourceContactId: String? = nil, transport: HTTPTransport
    ) async throws -> StartedChat {
        let body = StartChatTemplateRequest(
            instanceId: instanceId, contactFlowId: contactFlowId,
            participantDetails: .init(displayName: displayName),
            supportedMessagingContentTypes: supportedContentTypes,
            persistentChat: sourceContactId.map { .init(rehydrationType: "ENTIRE_PAST_SESSION", sourceContactId: $0) })
        let response: HTTPTransport.Response
        do {
            response = try await transport.postJSON(url: url, headers: [], body: body)
        } catch let error as BackendError {
            if case .network(let detail) = error {
                throw BackendError.network("could not reach the start-chat URL \(url): \(detail)")
            }
            throw error
        }
        guard let decoded = try? JSONDecoder().decode(StartChatTemplateResponse.self, from: response.body) else {
            let kind = response.headers["content-type"] ?? "no content type"
            throw BackendError.protocolViolation(
                "the start-chat URL answered HTTP \(response.status) with \(kind), not the expected JSON — is it a startChatContactAPI endpoint?")
        }
        guard response.status == 200 else {
            let message = decoded.data?.error?.message ?? decoded.message ?? "no details"
            let code = decoded.data?.error?.code ?? "HTTP\(response.status)"
            if response.status == 429 || response.status >= 500 {
                throw BackendError.unavailable(status: response.status, type: code, message: message)
            }
            throw BackendError.rejected(status: response.status, type: code, message: message)
        }
        guard let result = decoded.data?.startChatResult, let token = result.participantToken, !token.isEmpty else {
            throw BackendError.protocolViolation("the start-chat reply had no data.startChatResult.ParticipantToken")
        }
        return StartedChat(
            participantToken: token, participantId: result.participantId, contactId: result.contactId,
            markdownAllowed: decoded.data?.featurePermissions?["MESSAGING_MARKDOWN"] ?? false,
            continuedFromContactId: result.continuedFromContactId)
    }
}
