import MarkdownANSI

/// Laid-out lines per display row, reused while the row's key, revision and width stay the same.
///
/// Holds one layout per key (the latest width) for the rows looked up most recently: past
/// ``capacity`` rows, the half used longest ago is forgotten (laid out again if scrolled back to),
/// so a long chat does not keep the styled lines of every message it ever showed.
package final class LayoutCache {
    private struct Slot {
        var width: Int
        var revision: Int
        var lines: [StyledLine]
        var used: Int
    }

    /// How many rows are kept at most (several screens' worth: a burst lays out every row it
    /// scrolls past, and 512 kept 0.2 MiB of them after 10,000 messages).
    let capacity: Int
    private var slots: [String: Slot] = [:]
    private var clock = 0
    /// Lookups answered from the cache.
    package private(set) var hits = 0
    /// Lookups that had to lay the row out.
    package private(set) var misses = 0

    /// Creates an empty cache that keeps at most `capacity` rows.
    init(capacity: Int = 128) {
        self.capacity = max(2, capacity)
    }

    /// Returns the cached lines for `key` at `width` and `revision`, or makes and stores them.
    func lines(key: String, width: Int, revision: Int, make: () -> [StyledLine]) -> [StyledLine] {
        clock += 1
        if var slot = slots[key], slot.width == width, slot.revision == revision {
            hits += 1
            slot.used = clock
            slots[key] = slot
            return slot.lines
        }
        misses += 1
        let lines = make()
        if slots.count >= capacity, slots[key] == nil { forgetOldest() }
        slots[key] = Slot(width: width, revision: revision, lines: lines, used: clock)
        return lines
    }

    /// Forgets the half of the rows used longest ago (amortised: once per `capacity / 2` new rows).
    private func forgetOldest() {
        let uses = slots.values.map(\.used).sorted()
        let cutoff = uses[uses.count / 2]
        slots = slots.filter { $0.value.used >= cutoff }
    }

    /// Number of rows cached.
    package var count: Int { slots.count }

    /// Forgets everything (theme change).
    func removeAll() { slots = [:] }
}
