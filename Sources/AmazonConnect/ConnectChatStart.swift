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
