import ChatEngine
import Foundation

/// The chat sessions a console opened, shut down together when it quits.
public actor AgentSessions {
    private var sessions: [ChatSession] = []
    private var chats: [(contactId: String, customerName: String, session: ChatSession)] = []
    /// Chats the console already handed back (its `/quit` with live chats, `/transfer`).
    private var released: Set<String> = []

    /// Creates an empty set of sessions.
    public init() {}

    /// Remembers a session and the chat it answers.
    public func add(_ session: ChatSession, contactId: String, customerName: String) {
        sessions.append(session)
        chats.append((contactId, customerName, session))
    }

    /// Notes that the console handed `contactId` back itself.
    public func noteReleased(_ contactId: String) { released.insert(contactId) }

    /// Releases every chat that has not ended and was not handed back already (`release` hands one
    /// back); returns their customers' names, those the console handed back included.
    public func releaseOpen(_ release: @Sendable (String) async throws -> Void) async -> [String] {
        var names: [String] = []
        for chat in chats where !(await chat.session.connectionState.isTerminal) {
            if released.contains(chat.contactId) {
                names.append(chat.customerName)
                continue
            }
            do {
                try await release(chat.contactId)
                names.append(chat.customerName)
            } catch {
                FileHandle.standardError.write(Data("helpline: could not hand the chat with \(chat.customerName) back: \(error)\n".utf8))
            }
        }
        return names
    }

    /// Shuts every session down (chats stay open on the server until they end).
    public func shutdownAll() async {
        for session in sessions { await session.shutdown() }
        sessions.removeAll()
    }
}
