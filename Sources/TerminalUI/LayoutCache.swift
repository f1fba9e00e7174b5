import MarkdownANSI

/// Laid-out lines per display row, reused while the row's key, revision and width stay the same.
///
/// Holds one layout per key (the latest width), so memory is bounded by the transcript size.
final class LayoutCache {
    private struct Slot {
        var width: Int
        var revision: Int
        var lines: [StyledLine]
    }

    private var slots: [String: Slot] = [:]
    /// Lookups answered from the cache.
    private(set) var hits = 0
    /// Lookups that had to lay the row out.
    private(set) var misses = 0

    /// Creates an empty cache.
    init() {}

    /// Returns the cached lines for `key` at `width` and `revision`, or makes and stores them.
    func lines(key: String, width: Int, revision: Int, make: () -> [StyledLine]) -> [StyledLine] {
        if let slot = slots[key], slot.width == width, slot.revision == revision {
            hits += 1
            return slot.lines
        }
        misses += 1
        let lines = make()
        slots[key] = Slot(width: width, revision: revision, lines: lines)
        return lines
    }

    /// Number of rows cached.
    var count: Int { slots.count }

    /// Forgets everything (theme change).
    func removeAll() { slots = [:] }
}
