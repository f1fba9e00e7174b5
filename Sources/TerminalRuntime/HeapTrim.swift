import CNcursesw
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Gives memory freed during a burst (a long history loaded, a flood of messages) back to the
/// system once the front end has been idle for a moment: glibc keeps freed pages in its arenas, so
/// without this a process's resident size stays at its peak for ever.
///
/// `turn()` is called on every loop turn, `idle(at:)` when the loop is about to sleep for a while.
/// After enough turns, the first idle moment sets a trim for `quiet` seconds later (the loop wakes
/// for it): the engine's threads finish the burst meanwhile, so their garbage goes too, not only
/// what was freed before the front end caught up. The end of a burst — turns soon after a trim,
/// too few to reach the threshold again — gets one more trim, so what stays resident is what the
/// quiet chat uses, not what the burst's last moments left. An idle chat never pays for it.
///
/// The mappings of code and read-only data (``MappedFilePages``) go too, but less often: only
/// after start-up or a big burst (`releaseThreshold` of the engine's messages applied since they
/// last went: a long history, a flood — counted by messages, as a burst read in big batches takes
/// few turns), and only once the loop has stayed quiet for `quiet` seconds — not between the chunks
/// of a streamed reply. Keys and clock ticks do not count: typing runs the code it ran before, and
/// letting it go would only have the next key map it back in (some 200 page faults). A trim
/// follows every release (the release reads `/proc/self/smaps`; what that allocates goes too).
package struct HeapTrim {
    /// Turns since the last trim.
    private var turns: Int
    /// When the trim that was set is due.
    private var due: Date?
    /// When a trim for a burst (not a follow-up) last ran: turns soon after it are the burst's end.
    private var burstTrimmed: Date?
    /// Messages applied since the mappings were last released.
    private var releaseMessages: Int
    /// When the mappings go, if the loop stays quiet until then.
    private var releaseDue: Date?
    /// Turns since `releaseDue` was set.
    private var turnsWhileReleaseDue = 0
    /// Turns of activity that make a trim worth it.
    let threshold: Int
    /// Messages applied that make releasing the mappings worth it.
    let releaseThreshold: Int
    /// Seconds between the first idle moment after a burst and the trim.
    let quiet: TimeInterval
    /// Does the trimming (glibc's `malloc_trim`; a test counts calls instead).
    private let trim: @Sendable () -> Void
    /// Lets go of the mappings (``MappedFilePages/release()``; a test counts calls instead).
    private let release: @Sendable () -> Void

    /// Creates a trimmer that trims `quiet` seconds after going idle once `threshold` turns were busy,
    /// and releases the mappings with it after `releaseThreshold` messages and a quiet wait; with
    /// `afterStart`, starting up counts as such a burst (it maps code and data it never uses again).
    package init(
        threshold: Int = 50, releaseThreshold: Int = 500, quiet: TimeInterval = 0.5, afterStart: Bool = true,
        release: @escaping @Sendable () -> Void = { MappedFilePages.release() },
        trim: @escaping @Sendable () -> Void = { cnc_malloc_trim() }
    ) {
        self.threshold = threshold
        self.releaseThreshold = releaseThreshold
        self.quiet = quiet
        turns = afterStart ? threshold : 0
        releaseMessages = afterStart ? releaseThreshold : 0
        self.trim = trim
        self.release = release
    }

    /// Counts a loop turn that applied `messages` of the engine's messages (besides any keys and the tick).
    package mutating func turn(applying messages: Int = 0) {
        turns += 1
        releaseMessages += max(0, messages)
        turnsWhileReleaseDue += 1
    }

    /// The loop goes idle at `now`: releases and trims what is due; returns when the loop should
    /// wake for a trim or a release (nil: none is set).
    package mutating func idle(at now: Date) -> Date? {
        var trimsNow = false
        if let due, now >= due {
            self.due = nil
            burstTrimmed = turns >= threshold ? now : nil
            turns = 0
            trimsNow = true
        } else if due == nil, turns >= threshold || endsBurst(at: now) {
            due = now.addingTimeInterval(quiet)
        }
        if releaseMessages >= releaseThreshold {
            // Quiet: at most one turn since the release was set — the one that woke for it.
            if let releaseDue, now >= releaseDue, turnsWhileReleaseDue <= 1 {
                self.releaseDue = nil
                releaseMessages = 0
                // Reading which mappings to let go of allocates: the trim below gives that back too.
                release()
                trimsNow = true
            } else if releaseDue == nil || turnsWhileReleaseDue > 0 {
                // Not set yet, or something happened meanwhile: wait `quiet` seconds from now.
                releaseDue = now.addingTimeInterval(quiet)
                turnsWhileReleaseDue = 0
            }
        }
        if trimsNow { trim() }
        return [due, releaseDue].compactMap { $0 }.min()
    }

    /// Whether the turns since the last trim came right after a burst's trim (its end, not a clock
    /// tick in an idle chat).
    private func endsBurst(at now: Date) -> Bool {
        guard turns > 0, let burstTrimmed else { return false }
        return now.timeIntervalSince(burstTrimmed) <= quiet * 10
    }
}
