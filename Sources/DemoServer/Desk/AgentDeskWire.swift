import Foundation

/// `POST /agent/sign-in` body.
struct DeskSignInRequest: Decodable {
    var name: String?
}

/// `POST /agent/sign-in` answer: the console's token for every other desk call (`X-Agent-Token`).
struct DeskSignInResponse: Encodable {
    var agentToken: String
    var name: String
}

/// One chat waiting in the queue, as `GET /agent/queue` lists it.
struct DeskWaitingChat: Encodable {
    var contactId: String
    var customerName: String
    var queue: String
    var waitingSeconds: Int
    /// The customer's latest message, to triage by.
    var lastMessage: String?
}

/// `GET /agent/queue` answer.
struct DeskQueueResponse: Encodable {
    var agentName: String
    var agentsOnline: Int
    var waiting: [DeskWaitingChat]
}

/// Body of `POST /agent/accept` and `POST /agent/release`.
struct DeskContactRequest: Decodable {
    var contactId: String?
}

/// `POST /agent/accept` answer: a Participant Service token for the agent's own participant.
struct DeskAcceptResponse: Encodable {
    var contactId: String
    var participantId: String
    var participantToken: String
    var customerName: String
}

/// A refused desk call: HTTP status and message.
struct DeskFailure: Error, Equatable {
    var status: Int
    var message: String

    static let unknownAgent = DeskFailure(status: 401, message: "Unknown or signed-out agent token; sign in again")
    static let notWaiting = DeskFailure(status: 409, message: "That chat is no longer waiting for an agent")
    static let notYours = DeskFailure(status: 409, message: "That chat is not assigned to you")

    /// The failure for a desk refusal.
    init(_ refusal: AgentDesk.Refusal) {
        switch refusal {
        case .unknownAgent: self = .unknownAgent
        case .notWaiting: self = .notWaiting
        case .notYours: self = .notYours
        }
    }

    init(status: Int, message: String) {
        self.status = status
        self.message = message
    }
}
