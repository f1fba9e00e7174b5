/// Why a chat ended: each front end decides on the case and puts it in its own words.
public enum EndReason: Sendable, Hashable, CustomStringConvertible {
    /// The user ended it (`/end`, end of input).
    case byYou
    /// The contact center ended it, who or why not known.
    case byServer
    /// Someone on the other side ended it (the agent or bot who left last); their name.
    case byParticipant(String)
    /// The contact center ended it after the customer had been idle this many minutes.
    case idle(minutes: Int)
    /// The server no longer lets the chat be used (its credentials are refused); its message.
    case unavailable(String)
    /// A protocol's own reason in its words ("the PolyAI session expired; start a new chat").
    case because(String)

    /// The reason in words, lower case as part of a line ("Ava ended the chat", "the chat ended
    /// after 5 minutes idle"); line mode and status lines show it as it is.
    public var description: String {
        switch self {
        case .byYou: "you ended the chat"
        case .byServer: "the chat has ended"
        case .byParticipant(let name): "\(name) ended the chat"
        case .idle(let minutes): "the chat ended after \(minutes) minute\(minutes == 1 ? "" : "s") idle"
        case .unavailable(let message): "the chat is no longer available (\(message)); start a new one with /new"
        case .because(let words): words
        }
    }

    /// True when ``description`` says itself that the chat ended (who ended it, or that it did);
    /// false when it gives only the cause, which a notice then introduces as the end.
    public var saysItEnded: Bool {
        switch self {
        case .byYou, .byServer, .byParticipant, .idle: true
        case .unavailable, .because: false
        }
    }
}
