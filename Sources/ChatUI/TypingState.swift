import ChatModel
import Foundation

/// Who else is typing right now, each with an expiry time.
struct TypingState: Equatable, Sendable {
    /// One participant's typing notice.
    struct Typist: Equatable, Sendable {
        var participant: Participant
        var expires: Date
    }

    /// Typists in the order they started.
    private(set) var typists: [Typist] = []

    /// Creates an empty state.
    init() {}

    private static func same(_ a: Participant, _ b: Participant) -> Bool {
        if let x = a.id, let y = b.id { return x == y }
        return a.name == b.name && a.role == b.role
    }

    /// Records (or refreshes) a typing notice lasting `ChatEvent.typingLifetime`.
    mutating func start(_ participant: Participant, now: Date) {
        let expires = now.addingTimeInterval(ChatEvent.typingLifetime)
        if let i = typists.firstIndex(where: { Self.same($0.participant, participant) }) {
            typists[i].expires = expires
        } else {
            typists.append(Typist(participant: participant, expires: expires))
        }
    }

    /// Removes a participant; returns true when they were typing.
    @discardableResult
    mutating func stop(_ participant: Participant) -> Bool {
        let before = typists.count
        typists.removeAll { Self.same($0.participant, participant) }
        return typists.count != before
    }

    /// Drops expired notices; returns true when something changed.
    @discardableResult
    mutating func expire(now: Date) -> Bool {
        let before = typists.count
        typists.removeAll { $0.expires <= now }
        return typists.count != before
    }

    /// Removes everyone.
    mutating func removeAll() { typists = [] }

    /// True when nobody is typing.
    var isEmpty: Bool { typists.isEmpty }

    /// "Ava is typing", "Ava and Bot are typing", "Ava, Bob and 2 others are typing"; nil when nobody.
    var sentence: String? {
        let names = typists.map(\.participant.displayName)
        switch names.count {
        case 0: return nil
        case 1: return "\(names[0]) is typing"
        case 2: return "\(names[0]) and \(names[1]) are typing"
        case 3: return "\(names[0]), \(names[1]) and \(names[2]) are typing"
        default: return "\(names[0]), \(names[1]) and \(names.count - 2) others are typing"
        }
    }
}
