import Foundation

/// The part someone plays in a chat, independent of the wire protocol.
public enum ParticipantRole: String, Codable, Sendable, Hashable, CaseIterable {
    /// The person using Helpline (or, in the agent console, the customer being served).
    case customer
    /// A live human agent.
    case agent
    /// An automated bot or contact flow that talks like a participant.
    case bot
    /// The contact center itself: flow messages and events.
    case system
    /// A supervisor who monitors or barges into the chat.
    case supervisor
}

/// Someone who takes part in a chat.
public struct Participant: Codable, Sendable, Hashable {
    /// The protocol's participant id, when the protocol provides one.
    public var id: String?
    /// The name shown in the transcript.
    public var name: String
    /// The role this participant plays.
    public var role: ParticipantRole

    /// Creates a participant.
    public init(id: String? = nil, name: String, role: ParticipantRole) {
        self.id = id
        self.name = name
        self.role = role
    }

    /// The contact center itself, used for events that have no author.
    public static let system = Participant(name: "System", role: .system)
}
