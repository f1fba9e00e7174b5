import Synchronization

extension TranscriptItems {
    /// One run of consecutive items, shared by the transcript values that hold it.
    ///
    /// Its slots hold entries in order; each value that holds the chunk knows how many of them are
    /// its own (``TranscriptItems`` keeps where each chunk starts) and reads no slot beyond those.
    /// So an append at the end of the last chunk writes the next slot in place, while a front end
    /// still holds the value from before the append: the front end never reads that slot, and a
    /// chat's history arriving message by message copies no chunk per message. Only one value may
    /// write a slot: `filled` says how many are written, and an append claims the next one with a
    /// compare-and-exchange; a value that finds it claimed copies the chunk. Any other change
    /// (an insert before the end, a replacement, a removal) is made only while the chunk is
    /// uniquely referenced, and copies it otherwise.
    final class Chunk: @unchecked Sendable {
        /// An item with its sort key (its revision is kept in the item itself, ``ChatItem/revisionMark``).
        struct Entry {
            var item: ChatItem
            var order: TranscriptOrder
        }

        /// Bytes of a chunk's slots: one page of its own (``PageMemory``).
        static let storageBytes = PageMemory.pageBytes
        /// Room for the limit and one more (an insert before the split); a chunk never grows.
        static let capacity = storageBytes / MemoryLayout<Entry>.stride

        /// The page the slots are in.
        private let storage: PageMemory.Block
        /// The slots (`capacity` of them, the first `filled` initialized).
        private let slots: UnsafeMutablePointer<Entry>
        /// How many slots are written.
        private let filled = Atomic<Int>(0)

        /// A chunk holding `entries` (at most `capacity` of them).
        init<Entries: Collection<Entry>>(_ entries: Entries) {
            precondition(entries.count <= Self.capacity, "a chunk of \(entries.count) entries")
            storage = PageMemory.allocate(Self.storageBytes)
            slots = storage.start.bindMemory(to: Entry.self, capacity: Self.capacity)
            _ = UnsafeMutableBufferPointer(start: slots, count: Self.capacity).initialize(fromContentsOf: entries)
            filled.store(entries.count, ordering: .relaxed)
        }

        /// Where the slots are (what the storage tests check the pages by).
        var slotsAddress: UnsafeRawPointer { UnsafeRawPointer(storage.start) }

        /// A chunk of one item.
        convenience init(_ item: ChatItem, order: TranscriptOrder) {
            self.init(CollectionOfOne(Entry(item: item, order: order)))
        }

        deinit {
            slots.deinitialize(count: filled.load(ordering: .relaxed))
            PageMemory.free(storage)
        }

        /// The entry in slot `offset` (one the caller's value holds).
        subscript(offset: Int) -> Entry {
            _read { yield slots[offset] }
        }

        /// The first `count` entries.
        func prefix(_ count: Int) -> UnsafeBufferPointer<Entry> { UnsafeBufferPointer(start: slots, count: count) }

        /// A new chunk with the first `count` entries (what one value holds of this one).
        func copy(first count: Int) -> Chunk { Chunk(prefix(count)) }

        /// Writes `entry` into slot `count` if no other value has written it: true when it did.
        func append(_ entry: Entry, after count: Int) -> Bool {
            guard count < Self.capacity,
                filled.compareExchange(expected: count, desired: count + 1, ordering: .relaxed).exchanged
            else { return false }
            (slots + count).initialize(to: entry)
            return true
        }

        // What follows is for a chunk uniquely referenced by the caller's value, which holds `count` entries.

        /// Forgets the slots beyond `count` (written by a value that is gone).
        func keep(first count: Int) {
            let written = filled.load(ordering: .relaxed)
            guard written > count else { return }
            (slots + count).deinitialize(count: written - count)
            filled.store(count, ordering: .relaxed)
        }

        /// Inserts `entry` at `offset` of the `count` entries held.
        func insert(_ entry: Entry, at offset: Int, count: Int) {
            precondition(count < Self.capacity && offset <= count, "insert at \(offset) of \(count)")
            keep(first: count)
            (slots + offset + 1).moveInitialize(from: slots + offset, count: count - offset)
            (slots + offset).initialize(to: entry)
            filled.store(count + 1, ordering: .relaxed)
        }

        /// Replaces the item at `offset`.
        func setItem(_ item: ChatItem, at offset: Int) { slots[offset].item = item }

        /// Removes and returns the entry at `offset` of the `count` held.
        func remove(at offset: Int, count: Int) -> Entry {
            keep(first: count)
            let removed = (slots + offset).move()
            (slots + offset).moveInitialize(from: slots + offset + 1, count: count - offset - 1)
            filled.store(count - 1, ordering: .relaxed)
            return removed
        }
    }
}
