import CNcursesw

/// Gives memory freed during a burst (a long history loaded, a flood of messages) back to the
/// system once the front end goes idle: glibc keeps freed pages in its arenas, so without this a
/// process's resident size stays at its peak for ever.
///
/// `turn()` is called on every loop turn, `idle()` when the loop is about to sleep for a while;
/// the trim runs only after enough turns since the last one, so an idle chat never pays for it.
struct HeapTrim {
    /// Turns since the last trim.
    private var turns = 0
    /// Turns of activity that make a trim worth it.
    let threshold: Int

    /// Creates a trimmer that trims after `threshold` busy turns.
    init(threshold: Int = 200) {
        self.threshold = threshold
    }

    /// Counts a loop turn.
    mutating func turn() { turns += 1 }

    /// The loop goes idle: trims when it was busy since the last trim; true when it trimmed.
    @discardableResult
    mutating func idle() -> Bool {
        guard turns >= threshold else { return false }
        turns = 0
        cnc_malloc_trim()
        return true
    }
}
