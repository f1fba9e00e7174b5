import Foundation
import Synchronization

/// The shared, locked tally of a run in progress: chats running in parallel report to it, the
/// progress line reads it.
final class LoadRecorder: Sendable {
    private let tally: Mutex<LoadTally>
    /// Nil with `--no-saturation-guard`.
    private let saturation: Mutex<SaturationGuard?>
    private let shard: String
    private let start: ContinuousClock.Instant
    /// The workers whose arrival ``LoadSummary/startupMs`` times (nil: not timed).
    private let firstWave: Int?
    private let now: @Sendable () -> ContinuousClock.Instant

    init(
        tally: LoadTally, saturation: SaturationGuard?, shard: String, start: ContinuousClock.Instant, firstWave: Int? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.tally = Mutex(tally)
        self.saturation = Mutex(saturation)
        self.shard = shard
        self.start = start
        self.firstWave = firstWave
        self.now = now
    }

    /// The second of the run we are in.
    var second: Int {
        let (seconds, _) = (now() - start).components
        return max(Int(seconds), 0)
    }

    /// Time since the start.
    var elapsed: Duration { now() - start }

    /// Counts a start unless `cap` chats are running; true when the chat may start.
    func startIfRoom(cap: Int) -> Bool {
        let second = second
        return tally.withLock { tally in
            guard tally.running < cap else {
                tally.dropped(second: second)
                return false
            }
            tally.started(second: second)
            return true
        }
    }

    /// Counts a start.
    func started() {
        let second = second
        tally.withLock { $0.started(second: second) }
    }

    /// A closed-model worker is about to start its first chat (it waited for its ramp slot or its
    /// place to open); the last of the first wave's times the run's start-up.
    func workerArrived() {
        let elapsed = elapsed
        tally.withLock { tally in
            tally.workersArrived += 1
            if tally.workersArrived == firstWave { tally.startedFirstWave(after: elapsed) }
        }
    }

    /// Counts a finished chat (a failure apart when this machine is saturated now).
    func finished(_ result: ScriptResult) {
        let second = second
        tally.withLock { $0.finished(result, second: second) }
        saturation.withLock { watch in
            watch?.added(result.steps.compactMap(\.addedLatency), second: second)
            if !result.passed { watch?.failed() }
        }
    }

    /// The check at the end of a second, with the CPU share the process used in it and how late the
    /// check woke up; true when saturated.
    @discardableResult
    func checkSaturation(cpuShare: Double?, tickLag: Duration) -> Bool {
        let second = max(second - 1, 0)
        let (peak, running) = tally.withLock { ($0.summary.peakRunning, $0.running) }
        return saturation.withLock {
            $0?.check(second: second, cpuShare: cpuShare, shard: shard, peakRunning: peak, running: running, tickLag: tickLag) ?? false
        }
    }

    /// Counts planned chats that will not start.
    func notStarted(_ count: Int) {
        tally.withLock { $0.notStarted(count) }
    }

    /// What the progress line shows now.
    func progress() -> LoadProgress {
        let second = second
        let elapsed = elapsed
        var progress = tally.withLock { tally in
            let summary = tally.summary
            // The rate of the last whole second (the one under way is still filling).
            let last = second - 1
            let rate = summary.timeline.indices.contains(last) ? summary.timeline[last].started : 0
            return LoadProgress(
                elapsed: elapsed, running: tally.running, passed: summary.counts.passed, failed: summary.counts.failed,
                dropped: summary.counts.dropped, planned: summary.counts.planned, startsPerSecond: rate,
                replyP95: summary.reply.percentile(95))
        }
        progress.saturation = saturation.withLock { $0?.isSaturated == true ? $0?.record : nil }
        return progress
    }

    /// The final figures.
    func close(interrupted: Bool) -> LoadSummary {
        let micros = LatencyHistogram.micros(elapsed)
        var summary = tally.withLock { tally in
            tally.close(durationMs: micros / 1000, interrupted: interrupted)
            return tally.summary
        }
        // [] when the guard watched and found nothing; nil when it was off.
        summary.saturation = saturation.withLock { watch in watch.map { $0.record.map { [$0] } ?? [] } }
        return summary
    }
}
