import CNcursesw
import Foundation

/// Gives memory freed during a burst (a long history loaded, a flood of messages) back to the
/// system once the front end has been idle for a moment: glibc keeps freed pages in its arenas, so
/// without this a process's resident size stays at its peak for ever.
///
/// `turn()` is called on every loop turn, `idle(at:)` when the loop is about to sleep for a while.
/// After enough turns, the first idle moment sets a trim for `quiet` seconds later (the loop wakes
/// for it): the engine's threads finish the burst meanwhile, so their garbage goes too, not only
/// what was freed before the front end caught up. An idle chat never pays for it.
package struct HeapTrim {
    /// Turns since the last trim.
    private var turns = 0
    /// When the trim that was set is due.
    private var due: Date?
    /// Turns of activity that make a trim worth it.
    let threshold: Int
    /// Seconds between the first idle moment after a burst and the trim.
    let quiet: TimeInterval
    /// Does the trimming (glibc's `malloc_trim`; a test counts calls instead).
    private let trim: @Sendable () -> Void

    /// Creates a trimmer that trims `quiet` seconds after going idle once `threshold` turns were busy.
    package init(threshold: Int = 50, quiet: TimeInterval = 0.5, trim: @escaping @Sendable () -> Void = { cnc_malloc_trim() }) {
        self.threshold = threshold
        self.quiet = quiet
        self.trim = trim
    }

    /// Counts a loop turn.
    package mutating func turn() { turns += 1 }

    /// The loop goes idle at `now`: trims when the trim that was set is due; returns when the loop
    /// should wake for a trim (nil: none is set).
    package mutating func idle(at now: Date) -> Date? {
        if let due, now >= due {
            self.due = nil
            turns = 0
            trim()
            return nil
        }
        if due == nil, turns >= threshold { due = now.addingTimeInterval(quiet) }
        return due
    }
}
