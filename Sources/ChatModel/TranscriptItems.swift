/// Where an item sorts in a transcript: the server's order first, then the order items arrived in.
///
/// `primary` is the server's position for the item (milliseconds since 1970 for protocols that order
/// by time, the per-chat sequence for protocols that number their events); our own messages not yet
/// accepted by the server sort after everything (`Int64.max`) in the order they were typed.
public struct TranscriptOrder: Comparable, Hashable, Sendable {
    /// The server's order (time or sequence); `Int64.max` for unsent messages of ours.
    public var primary: Int64
    /// Breaks ties: the order the client learnt of the items in.
    public var secondary: Int64

    /// Creates an order key.
    public init(primary: Int64, secondary: Int64) {
        self.primary = primary
        self.secondary = secondary
    }

    /// Orders by `primary`, then `secondary`.
    public static func < (lhs: TranscriptOrder, rhs: TranscriptOrder) -> Bool {
        (lhs.primary, lhs.secondary) < (rhs.primary, rhs.secondary)
    }
}

/// The items of a transcript in display order, stored in small shared chunks.
///
/// A copy costs a few pointers: a front end can hold the engine's latest transcript as a value
/// while the engine goes on changing its own, and a change copies only the chunk it touches. Each
/// item carries the revision at which it last changed, so layouts cached for it stay valid until then.
/// A chunk that fills up moves its items' long texts into one shared column (``ItemText``).
public struct TranscriptItems: RandomAccessCollection, Sendable {
    /// One run of consecutive items. Mutated only while uniquely referenced (copy on write), so a
    /// chunk shared between copies is never changed: that is what makes sharing it across threads safe.
    final class Chunk: @unchecked Sendable {
        /// An item with its sort key (its revision is kept in the item itself, ``ChatItem/revisionMark``).
        struct Entry {
            var item: ChatItem
            var order: TranscriptOrder
        }

        /// The items in order, in one allocation.
        var entries: [Entry]

        /// A chunk holding these entries, with room for one more than the limit (an insert before
        /// the split) and no more: a chunk's array never grows past that, nor holds unused room beyond it.
        init<Entries: Collection<Entry>>(_ entries: Entries) {
            var array: [Entry] = []
            array.reserveCapacity(TranscriptItems.chunkLimit + 1)
            array.append(contentsOf: entries)
            self.entries = array
        }

        /// A chunk of one item.
        convenience init(_ item: ChatItem, order: TranscriptOrder) {
            self.init(CollectionOfOne(Entry(item: item, order: order)))
        }

        func copy() -> Chunk { Chunk(entries) }
    }

    /// Items a chunk holds at most before it is split. A change to a chunk shared with another copy
    /// copies that chunk, so this bounds what an append costs while a front end holds the last value.
    static let chunkLimit = 32

    private var chunks: [Chunk] = []
    /// The position of each chunk's first item.
    private var starts: [Int] = []
    /// Number of items.
    public private(set) var count = 0
    /// Moves on with every change.
    public private(set) var revision = 0

    /// An empty transcript.
    public init() {}

    /// How many chunks hold the items (what the storage tests check the filling by).
    var chunkCount: Int { chunks.count }

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { count }

    /// The item at `position`.
    public subscript(position: Int) -> ChatItem {
        let (chunk, offset) = locate(position)
        return chunks[chunk].entries[offset].item
    }

    /// The stored id of the item at `position` (no string made).
    func storedID(at position: Int) -> CompactID {
        let (chunk, offset) = locate(position)
        return chunks[chunk].entries[offset].item.storedID
    }

    /// The revision at which the item at `position` last changed.
    public func revision(at position: Int) -> Int {
        let (chunk, offset) = locate(position)
        return chunks[chunk].entries[offset].item.revisionMark.revision
    }

    /// The sort key of the item at `position`.
    public func order(at position: Int) -> TranscriptOrder {
        let (chunk, offset) = locate(position)
        return chunks[chunk].entries[offset].order
    }

    /// The position a new item with `order` goes to: after every item that sorts before or with it.
    public func insertionPoint(for order: TranscriptOrder) -> Int {
        if count == 0 || self.order(at: count - 1) <= order { return count }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self.order(at: middle) <= order { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Inserts `item` with `order` at `position`.
    mutating func insert(_ item: ChatItem, order: TranscriptOrder, at position: Int) {
        revision += 1
        var item = item
        item.revisionMark = RevisionMark(revision)
        if chunks.isEmpty {
            chunks = [Chunk(item, order: order)]
            starts = [0]
            count = 1
            return
        }
        if position == count, let last = chunks.last, last.entries.count >= Self.chunkLimit {
            // Appends fill chunks to the limit and then start a new one (no half-empty chunks).
            chunks.append(Chunk(item, order: order))
            starts.append(count)
            count += 1
            return
        }
        let chunk = self.chunk(receivingAt: position)
        let offset = position - starts[chunk]
        let target = unique(chunk)
        target.entries.insert(Chunk.Entry(item: item, order: order), at: offset)
        count += 1
        for later in (chunk + 1)..<starts.count { starts[later] += 1 }
        // A chunk that has just filled up keeps its texts in one column from now on.
        if target.entries.count == Self.chunkLimit { target.gatherTexts() }
        if target.entries.count > Self.chunkLimit { split(chunk, after: offset) }
    }

    /// Replaces the item at `position` (its order stays).
    mutating func replace(at position: Int, with item: ChatItem) {
        revision += 1
        let (chunk, offset) = locate(position)
        let target = unique(chunk)
        var item = item
        item.revisionMark = RevisionMark(revision)
        target.entries[offset].item = item
    }

    /// Removes and returns the item at `position`.
    @discardableResult
    mutating func remove(at position: Int) -> ChatItem {
        revision += 1
        let (chunk, offset) = locate(position)
        let target = unique(chunk)
        let removed = target.entries.remove(at: offset).item
        count -= 1
        for later in (chunk + 1)..<starts.count { starts[later] -= 1 }
        if target.entries.isEmpty {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
        }
        return removed
    }

    /// Removes every item.
    mutating func removeAll() {
        revision += 1
        chunks = []
        starts = []
        count = 0
    }

    /// The chunk and offset holding `position`.
    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "transcript position \(position) out of 0..<\(count)")
        let last = starts.count - 1
        if position >= starts[last] { return (last, position - starts[last]) }
        var low = 0
        var high = last
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (low, position - starts[low])
    }

    /// The chunk at `index`, copied first when another transcript value shares it.
    private mutating func unique(_ index: Int) -> Chunk {
        if !isKnownUniquelyReferenced(&chunks[index]) { chunks[index] = chunks[index].copy() }
        return chunks[index]
    }

    /// The chunk a new item at `position` goes into. At a chunk boundary that is the chunk before
    /// (so appends stay in the last chunk), unless that one is full and a chunk follows: then the
    /// item opens the next one. Replies arriving just before our unsent messages (they sort last)
    /// so fill chunk after chunk.
    private func chunk(receivingAt position: Int) -> Int {
        if position == count { return chunks.count - 1 }
        if position == 0 { return 0 }
        let before = locate(position - 1).chunk
        let endsThere = starts[before] + chunks[before].entries.count == position
        if endsThere, chunks[before].entries.count >= Self.chunkLimit, before + 1 < chunks.count { return before + 1 }
        return before
    }

    /// Splits an over-full chunk right after the item just inserted at `offset`: the next arrivals
    /// at that place (they tend to come in order) then fill the first part up, then start the second,
    /// and chunks end up full rather than half full.
    private mutating func split(_ index: Int, after offset: Int) {
        let chunk = chunks[index]
        let cut = Swift.min(offset + 1, Self.chunkLimit)
        let head = Chunk(chunk.entries[..<cut])
        let tail = Chunk(chunk.entries[cut...])
        chunks[index] = head
        chunks.insert(tail, at: index + 1)
        starts.insert(starts[index] + cut, at: index + 1)
    }
}

extension TranscriptItems: Equatable {
    /// Equal when they hold the same items at the same revisions.
    public static func == (lhs: TranscriptItems, rhs: TranscriptItems) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.chunks.count == rhs.chunks.count, zip(lhs.chunks, rhs.chunks).allSatisfy({ $0 === $1 }) { return true }
        for position in 0..<lhs.count where lhs[position] != rhs[position] || lhs.revision(at: position) != rhs.revision(at: position) {
            return false
        }
        return true
    }
}
