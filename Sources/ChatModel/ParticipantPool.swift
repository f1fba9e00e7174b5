/// A participant behind a reference, so the items of one sender can share one copy.
final class ParticipantBox: Sendable, Hashable {
    /// The participant.
    let value: Participant

    /// Boxes `value`.
    init(_ value: Participant) {
        self.value = value
    }

    /// Equal when the participants are.
    static func == (lhs: ParticipantBox, rhs: ParticipantBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

    /// Hashes the participant.
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Shares one copy of each participant among the items of a chat.
///
/// Every decoded message brings its sender's id and name as new strings (an id is 36 bytes on
/// the heap) in a box of its own; an item that takes the pool's box instead
/// (``ChatItem/shareSender(in:)``) holds one reference to the one copy of its sender.
public struct ParticipantPool: Sendable {
    /// Participants kept at most (a chat has a handful; past this, new ones are not pooled).
    static let limit = 256
    private var known: [Participant: ParticipantBox] = [:]

    /// An empty pool.
    public init() {}

    /// The pool's box of the participant in `box` (which it keeps when it has none yet).
    mutating func box(for box: ParticipantBox) -> ParticipantBox {
        if let shared = known[box.value] { return shared }
        if known.count < Self.limit { known[box.value] = box }
        return box
    }
}
