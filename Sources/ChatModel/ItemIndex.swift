/// Finds an item's position in ``TranscriptItems`` by its id, holding no copy of the ids.
///
/// An open-addressed table (linear probing) of positions, four bytes a slot, filled to at most
/// three quarters: an item's id is read from the transcript when a probe meets its slot. A
/// `[String: Int]` would hold 24 bytes a slot and a copy of every id. The owner keeps the table in
/// step with the items (``Transcript`` rebuilds it when positions shift).
struct ItemIndex: Sendable {
    /// Position + 1 of the item in each slot; 0 for an empty slot.
    private var slots: [Int32] = []
    /// Filled slots.
    private(set) var count = 0

    /// An empty index.
    init() {}

    /// Forgets every entry, keeping room for `capacity` of them.
    mutating func removeAll(reservingCapacity capacity: Int = 0) {
        count = 0
        slots = Array(repeating: 0, count: capacity == 0 ? 0 : Self.slotCount(for: capacity))
    }

    /// The position of the item with `id`.
    func position(of id: CompactID, in items: TranscriptItems) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if position < items.count, items.storedID(at: position) == id { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records that the item with `id` is at `position` (the items must already hold it there).
    mutating func set(_ id: CompactID, at position: Int, in items: TranscriptItems) {
        if (count + 1) * 4 > slots.count * 3 { grow(in: items) }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            let held = Int(slots[slot]) - 1
            if held < items.count, items.storedID(at: held) == id {
                slots[slot] = Int32(position + 1)
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(position + 1)
        count += 1
    }

    /// Removes the entry for `id` if it points at `position` (the item there may already be another).
    mutating func remove(_ id: CompactID, ifAt position: Int, in items: TranscriptItems) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            if Int(slots[slot]) - 1 == position {
                vacate(slot, in: items)
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Empties `slot` and moves later entries of its probe run back so none is cut off from its home.
    private mutating func vacate(_ slot: Int, in items: TranscriptItems) {
        let mask = slots.count - 1
        var hole = slot
        var next = (slot + 1) & mask
        while slots[next] != 0 {
            let home = items.storedID(at: Int(slots[next]) - 1).hashValue & mask
            // The entry may fill the hole when its home is not cyclically within (hole, next].
            let distanceToNext = (next - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToNext {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
        count -= 1
    }

    /// Doubles the table and puts every entry back.
    private mutating func grow(in items: TranscriptItems) {
        let old = slots
        slots = Array(repeating: 0, count: Self.slotCount(for: max(8, count * 2)))
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = items.storedID(at: Int(entry) - 1).hashValue & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// A power of two with room for `entries` at three quarters full.
    private static func slotCount(for entries: Int) -> Int {
        var slots = 8
        while slots * 3 < entries * 4 { slots *= 2 }
        return slots
    }
}
