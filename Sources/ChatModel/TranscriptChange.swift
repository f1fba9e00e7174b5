/// What one change did to a transcript, so a front end can follow it without comparing whole transcripts.
///
/// Positions are those of the transcript after the change.
public enum TranscriptChange: Sendable, Hashable {
    /// A new item at this position.
    case inserted(position: Int)
    /// The item at this position changed in place.
    case updated(position: Int)
    /// An item changed and moved (one of ours the server accepted sorts by the server's order now).
    case moved(from: Int, to: Int)
    /// The item with this key (``ChatItem/key``) was removed from this position.
    case removed(position: Int, key: String)
    /// An older page was merged in: `count` items, in order; `hasMore` says whether older pages remain.
    case merged(count: Int, hasMore: Bool)
    /// The transcript was loaded anew (a reload or a late subscriber): show exactly its items.
    case reset(hasMore: Bool)

    /// The position of the one item this change is about, if it is about one.
    public var position: Int? {
        switch self {
        case .inserted(let position), .updated(let position): position
        case .moved(_, let to): to
        case .removed, .merged, .reset: nil
        }
    }
}

/// A transcript change together with the whole transcript after it.
public struct TranscriptUpdate: Sendable, Equatable {
    /// The transcript after the change (a cheap shared copy).
    public var items: TranscriptItems
    /// What changed.
    public var change: TranscriptChange

    /// Creates an update.
    public init(items: TranscriptItems, change: TranscriptChange) {
        self.items = items
        self.change = change
    }

    /// The item the change is about (inserted, updated or moved), if any.
    public var item: ChatItem? { change.position.map { items[$0] } }

    /// True when the change added an item that was not there before.
    public var isNewItem: Bool {
        if case .inserted = change { return true }
        return false
    }
}
