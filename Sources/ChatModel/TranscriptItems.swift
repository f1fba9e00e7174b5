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
/// while the engine goes on changing its own; an append writes the next slot of the last chunk in
/// place, and another change copies only the chunk it touches (``Chunk``). Each
/// item carries the revision at which it last changed, so layouts cached for it stay valid until then.
/// An item's long text is copied into a column the transcript's items share as the item comes in
/// (``TextColumn``), a reply still streaming excepted until it is complete.
public struct TranscriptItems: RandomAccessCollection, Sendable {
    /// Items a chunk holds at most before it is split. A change other than an append to a chunk
    /// shared with another copy copies that chunk, so this bounds what such a change costs.
    static let chunkLimit = Chunk.capacity - 1

    private var chunks: [Chunk] = []
    /// The position of each chunk's first item.
    private var starts: [Int] = []
    /// Number of items.
    public private(set) var count = 0
    /// Moves on with every change.
    public private(set) var revision = 0
    /// The column new texts are copied into (shared with copies of this value, which claim their
    /// bytes in it as this one does).
    private var column: TextColumn?

    /// An empty transcript.
    public init() {}

    /// How many chunks hold the items (what the storage tests check the filling by).
    var chunkCount: Int { chunks.count }

    /// Where each chunk's slots are (what the storage tests check the pages by).
    var chunkSlotAddresses: [UnsafeRawPointer] { chunks.map(\.slotsAddress) }

    /// Which chunk objects hold the items (what the storage tests check sharing by).
    var chunkIdentities: [ObjectIdentifier] { chunks.map { ObjectIdentifier($0) } }

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { count }

    /// The item at `position`.
    public subscript(position: Int) -> ChatItem {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset].item
    }

    /// The stored id of the item at `position` (no string made).
    func storedID(at position: Int) -> CompactID {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset].item.storedID
    }

    /// The revision at which the item at `position` last changed.
    public func revision(at position: Int) -> Int {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset].item.revisionMark.revision
    }

    /// The sort key of the item at `position`.
    public func order(at position: Int) -> TranscriptOrder {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset].order
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
        placeText(of: &item)
        if chunks.isEmpty {
            chunks = [Chunk(item, order: order)]
            starts = [0]
            count = 1
            return
        }
        let entry = Chunk.Entry(item: item, order: order)
        let last = chunks.count - 1
        if position == count, length(of: last) >= Self.chunkLimit {
            // Appends fill chunks to the limit and then start a new one (no half-empty chunks).
            chunks.append(Chunk(item, order: order))
            starts.append(count)
            count += 1
            return
        }
        let chunk = self.chunk(receivingAt: position)
        let offset = position - starts[chunk]
        let held = length(of: chunk)
        if chunk != last || offset != held || !chunks[chunk].append(entry, after: held) {
            owned(chunk).insert(entry, at: offset, count: held)
        }
        count += 1
        for later in (chunk + 1)..<starts.count { starts[later] += 1 }
        if held + 1 > Self.chunkLimit { split(chunk, after: offset) }
    }

    /// How many items this value holds in chunk `index`.
    private func length(of index: Int) -> Int {
        (index + 1 < starts.count ? starts[index + 1] : count) - starts[index]
    }

    /// Replaces the item at `position` (its order stays).
    mutating func replace(at position: Int, with item: ChatItem) {
        revision += 1
        let (chunk, offset) = locate(position)
        var item = item
        item.revisionMark = RevisionMark(revision)
        placeText(of: &item)
        owned(chunk).setItem(item, at: offset)
    }

    /// Copies the text of `item` into the shared column when it is a long string of its own and the
    /// item is not a reply still streaming (that one keeps growing).
    private mutating func placeText(of item: inout ChatItem) {
        guard !item.isStreaming else { return }
        item.storedText = item.storedText.placed(in: &column)
    }

    /// Removes and returns the item at `position`.
    @discardableResult
    mutating func remove(at position: Int) -> ChatItem {
        revision += 1
        let (chunk, offset) = locate(position)
        let held = length(of: chunk)
        let removed = owned(chunk).remove(at: offset, count: held).item
        count -= 1
        for later in (chunk + 1)..<starts.count { starts[later] -= 1 }
        if held == 1 {
            chunks.remove(at: chunk)
            starts.remove(at: chunk)
        }
        return removed
    }

    /// Removes every item.
    mutating func removeAll() {
        revision += 1
        column = nil
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

    /// The chunk at `index`, copied first when another transcript value shares it, holding no
    /// slot beyond this value's items: what may be changed in place.
    private mutating func owned(_ index: Int) -> Chunk {
        let held = length(of: index)
        if isKnownUniquelyReferenced(&chunks[index]) {
            chunks[index].keep(first: held)
        } else {
            chunks[index] = chunks[index].copy(first: held)
        }
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
        let endsThere = starts[before] + length(of: before) == position
        if endsThere, length(of: before) >= Self.chunkLimit, before + 1 < chunks.count { return before + 1 }
        return before
    }

    /// Splits an over-full chunk right after the item just inserted at `offset`: the next arrivals
    /// at that place (they tend to come in order) then fill the first part up, then start the second,
    /// and chunks end up full rather than half full.
    private mutating func split(_ index: Int, after offset: Int) {
        let entries = chunks[index].prefix(length(of: index))
        let cut = Swift.min(offset + 1, Self.chunkLimit)
        let head = Chunk(entries[..<cut])
        let tail = Chunk(entries[cut...])
        chunks[index] = head
        chunks.insert(tail, at: index + 1)
        starts.insert(starts[index] + cut, at: index + 1)
    }
}

extension TranscriptItems: Equatable {
    /// Equal when they hold the same items at the same revisions.
    public static func == (lhs: TranscriptItems, rhs: TranscriptItems) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.starts == rhs.starts, zip(lhs.chunks, rhs.chunks).allSatisfy({ $0 === $1 }) { return true }
        for position in 0..<lhs.count where lhs[position] != rhs[position] || lhs.revision(at: position) != rhs.revision(at: position) {
            return false
        }
        return true
    }
}
