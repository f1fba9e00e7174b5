import AmazonConnect
import ChatEngine
import ChatModel
import Foundation
import SessionCore
import Transport

/// A chat an agent accepted: the credentials to join it as the agent participant (the token is a credential).
public struct AcceptedChat: Sendable, Equatable {
    /// The contact id.
    public var contactId: String
    /// The agent's participant id on the contact.
    public var participantId: String
    /// The agent's participant token (never logged).
    public var participantToken: String
    /// The customer's display name.
    public var customerName: String
}

/// A refused or failed desk call, with a message for the agent.
public struct AgentDeskError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in words.
    public var description: String

    /// An error with a message.
    public init(description: String) { self.description = description }
}

/// Talks to the demo contact center's live-agent desk (`/agent/*`) and joins accepted chats.
///
/// ```swift
/// let transport = HTTPTransport(settings: .direct)
/// let desk = try await AgentDeskClient.signIn(server: URL(string: "http://127.0.0.1:8080")!, name: "Sam", transport: transport)
/// let waiting = try await desk.queue()
/// let chat = try await desk.accept(waiting[0].id)
/// let session = ChatSession(wire: desk.wire(for: chat), configuration: SessionConfiguration(transport: transport))
/// ```
public struct AgentDeskClient: Sendable {
    /// The server's base URL.
    public let server: URL
    /// The agent's display name.
    public let name: String
    private let token: String
    /// The desk's own header, when it asks for a desk token (a server listening beyond loopback).
    private let desk: [(String, String)]
    private let transport: HTTPTransport

    /// Signs in as `name` through `transport`, giving `deskToken` when the desk asks for one; fails
    /// with a clear message when the server is not a Helpline demo center or refuses the desk token.
    public static func signIn(server: URL, name: String, deskToken: String? = nil, transport: HTTPTransport)
        async throws -> AgentDeskClient
    {
        let url = server.appendingPathComponent("agent/sign-in").absoluteString
        let desk = deskToken.map { [(AgentDeskWire.deskTokenHeader, $0)] } ?? []
        let response = try await call { try await transport.postJSON(url: url, headers: desk, body: AgentDeskWire.SignIn(name: name)) }
        let session: AgentDeskWire.Session = try decode(response, what: "sign-in")
        return AgentDeskClient(server: server, name: session.name, token: session.agentToken, desk: desk, transport: transport)
    }

    /// The chats waiting for an agent, longest-waiting first (also keeps this console online).
    public func queue() async throws -> [WaitingChat] {
        let url = server.appendingPathComponent("agent/queue").absoluteString
        let response = try await Self.call {
            try await transport.send(method: "GET", url: url, headers: [("X-Agent-Token", token)] + desk, body: nil)
        }
        let queue: AgentDeskWire.Queue = try Self.decode(response, what: "queue")
        return queue.waiting.map {
            WaitingChat(id: $0.contactId, customerName: $0.customerName, queue: $0.queue,
                        waitingSeconds: $0.waitingSeconds, lastMessage: $0.lastMessage)
        }
    }

    /// Takes a waiting chat.
    public func accept(_ contactId: String) async throws -> AcceptedChat {
        let response = try await post("agent/accept", AgentDeskWire.Contact(contactId: contactId))
        let accepted: AgentDeskWire.Accepted = try Self.decode(response, what: "accept")
        return AcceptedChat(contactId: accepted.contactId, participantId: accepted.participantId,
                            participantToken: accepted.participantToken, customerName: accepted.customerName)
    }

    /// Hands an accepted chat back to the bot.
    public func release(_ contactId: String) async throws {
        let response = try await post("agent/release", AgentDeskWire.Contact(contactId: contactId))
        try Self.check(response, what: "transfer")
    }

    /// Signs out (chats already accepted stay open until they end).
    public func signOut() async {
        _ = try? await post("agent/sign-out", [String: String]())
    }

    /// The Participant Service wire that joins `chat` as this agent.
    public func wire(for chat: AcceptedChat) -> ConnectWire {
        let started = StartedChat(participantToken: chat.participantToken, participantId: chat.participantId,
                                  contactId: chat.contactId, markdownAllowed: true)
        return ConnectWire(start: .resume(started, displayName: name), endpoint: server.absoluteString, role: .agent, ids: .random())
    }

    private func post(_ path: String, _ body: some Encodable) async throws -> HTTPTransport.Response {
        let url = server.appendingPathComponent(path).absoluteString
        return try await Self.call {
            try await transport.postJSON(url: url, headers: [("X-Agent-Token", token)] + desk, body: body)
        }
    }

    private static func call(_ work: () async throws -> HTTPTransport.Response) async throws -> HTTPTransport.Response {
        do { return try await work() } catch let error as BackendError {
            throw AgentDeskError(description: "cannot reach the agent desk: \(error)")
        }
    }

    /// Throws the server's message for a non-2xx answer.
    private static func check(_ response: HTTPTransport.Response, what: String) throws {
        guard (200..<300).contains(response.status) else {
            let message = (try? JSONDecoder().decode(AgentDeskWire.Failure.self, from: response.body))?.message
            throw AgentDeskError(description: message ?? "the agent desk refused the \(what) (HTTP \(response.status))")
        }
    }

    /// The decoded body of a 2xx answer, or the server's message as an error.
    private static func decode<T: Decodable>(_ response: HTTPTransport.Response, what: String) throws -> T {
        try check(response, what: what)
        do { return try JSONDecoder().decode(T.self, from: response.body) } catch {
            throw AgentDeskError(description: "the server's \(what) answer is not a Helpline agent desk reply")
        }
    }
}
