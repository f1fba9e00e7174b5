import ChatModel
import Foundation

/// An accepted chat's session as the console drives it.
public struct AgentChatHandle: Sendable {
    /// The contact id.
    public var id: String
    /// The customer's name (the tab's title).
    public var customerName: String
    /// The chat session's events.
    public var events: ChatEventStream
    /// Hands a command to the chat session and returns at once (``ChatSession/submit(_:)``).
    public var send: @Sendable (ChatCommand) -> Void

    /// Creates a handle.
    public init(id: String, customerName: String, events: ChatEventStream,
                send: @escaping @Sendable (ChatCommand) -> Void)
    {
        self.id = id
        self.customerName = customerName
        self.events = events
        self.send = send
    }
}

/// What the console asks of the contact center; each call answers with a result or an error message.
public struct AgentConsoleActions: Sendable {
    /// Fetches the queue (also keeps the console online).
    public var queue: @Sendable () async -> Result<[WaitingChat], AgentConsoleFailure>
    /// Accepts a waiting chat and starts its session.
    public var accept: @Sendable (String) async -> Result<AgentChatHandle, AgentConsoleFailure>
    /// Hands a chat back to the bot.
    public var release: @Sendable (String) async -> Result<Void, AgentConsoleFailure>

    /// Creates the actions.
    public init(
        queue: @escaping @Sendable () async -> Result<[WaitingChat], AgentConsoleFailure>,
        accept: @escaping @Sendable (String) async -> Result<AgentChatHandle, AgentConsoleFailure>,
        release: @escaping @Sendable (String) async -> Result<Void, AgentConsoleFailure>
    ) {
        self.queue = queue
        self.accept = accept
        self.release = release
    }
}

/// A failed console action, in words.
public struct AgentConsoleFailure: Error, Sendable, Equatable {
    /// The message shown to the agent.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }
}
