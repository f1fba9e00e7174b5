import Foundation

/// The live-agent desk: signed-in agent consoles and the chats waiting for a human, in arrival order.
struct AgentDesk: Sendable {
    /// A signed-in agent console.
    struct Agent: Sendable, Equatable {
        var token: String
        var name: String
        var lastSeenMillis: Int64
    }

    /// A chat in the queue.
    struct WaitingChat: Sendable, Equatable {
        var contactId: String
        var customerName: String
        var plan: HandoffPlan
        var sinceMillis: Int64
    }

    /// Why a desk operation was refused.
    enum Refusal: Error, Equatable {
        case unknownAgent
        case notWaiting
        case notYours
    }

    private(set) var agents: [String: Agent] = [:]
    private(set) var waiting: [WaitingChat] = []
    /// Contact Id → token of the agent console that accepted it.
    private(set) var assigned: [String: String] = [:]

    /// Signs an agent console in under `token`.
    mutating func signIn(name: String, token: String, nowMillis: Int64) {
        agents[token] = Agent(token: token, name: name, lastSeenMillis: nowMillis)
    }

    /// Signs a console out; the chats it accepted stay with their (now absent) agent until they end.
    mutating func signOut(token: String) {
        agents[token] = nil
    }

    /// Marks a console as seen now; throws for an unknown token.
    mutating func touch(token: String, nowMillis: Int64) throws(Refusal) -> Agent {
        guard var agent = agents[token] else { throw .unknownAgent }
        agent.lastSeenMillis = nowMillis
        agents[token] = agent
        return agent
    }

    /// Consoles that polled within `windowMillis`.
    func onlineCount(nowMillis: Int64, windowMillis: Int64) -> Int {
        agents.values.filter { nowMillis - $0.lastSeenMillis <= windowMillis }.count
    }

    /// Puts a chat at the back of the queue (once).
    mutating func enqueue(_ chat: WaitingChat) {
        guard !waiting.contains(where: { $0.contactId == chat.contactId }) else { return }
        waiting.append(chat)
    }

    /// 1-based place of a waiting chat, nil when it is not waiting.
    func position(of contactId: String) -> Int? {
        waiting.firstIndex { $0.contactId == contactId }.map { $0 + 1 }
    }

    /// Takes a waiting chat off the queue for an agent.
    mutating func accept(contactId: String, token: String) throws(Refusal) -> WaitingChat {
        guard agents[token] != nil else { throw .unknownAgent }
        guard let index = waiting.firstIndex(where: { $0.contactId == contactId }) else { throw .notWaiting }
        assigned[contactId] = token
        return waiting.remove(at: index)
    }

    /// Gives a chat back to the flow; only the agent who accepted it may.
    mutating func release(contactId: String, token: String) throws(Refusal) {
        guard agents[token] != nil else { throw .unknownAgent }
        guard assigned[contactId] == token else { throw .notYours }
        assigned[contactId] = nil
    }

    /// Forgets a chat everywhere (it ended, or timed out of the queue).
    mutating func remove(contactId: String) {
        waiting.removeAll { $0.contactId == contactId }
        assigned[contactId] = nil
    }
}
