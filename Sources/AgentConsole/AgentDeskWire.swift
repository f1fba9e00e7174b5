import Foundation

/// The desk API's JSON shapes as the agent console reads them (docs/agent-console.md).
enum AgentDeskWire {
    /// The header that carries the desk token, on every call when the desk asks for one.
    static let deskTokenHeader = "X-Desk-Token"

    /// `POST /agent/sign-in` body.
    struct SignIn: Encodable {
        var name: String
    }

    /// `POST /agent/sign-in` answer.
    struct Session: Decodable {
        var agentToken: String
        var name: String
    }

    /// `POST /agent/accept` and `/agent/release` body.
    struct Contact: Encodable {
        var contactId: String
    }

    /// `GET /agent/queue` answer.
    struct Queue: Decodable {
        var agentName: String
        var agentsOnline: Int
        var waiting: [Waiting]
    }

    /// One waiting chat.
    struct Waiting: Decodable {
        var contactId: String
        var customerName: String
        var queue: String
        var waitingSeconds: Int
        var lastMessage: String?
    }

    /// `POST /agent/accept` answer.
    struct Accepted: Decodable {
        var contactId: String
        var participantId: String
        var participantToken: String
        var customerName: String
    }

    /// Any refusal.
    struct Failure: Decodable {
        var message: String
    }
}
