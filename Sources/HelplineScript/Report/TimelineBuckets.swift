import Foundation

/// A run's per-second timeline gathered into buckets of whole clock steps (1 s, 5 s, 15 s, 1 min…)
/// so a chart of an hour-long run has a few hundred points, not thousands.
struct TimelineBuckets {
    /// One bucket of seconds.
    struct Bucket: Equatable {
        /// Its first second since the start.
        var start: Int
        /// How many seconds it holds (the last bucket may be shorter).
        var seconds: Int
        /// Chats started in it.
        var started = 0
        /// Chats that passed, finishing in it.
        var passed = 0
        /// Chats that failed, finishing in it.
        var failed = 0
        /// Replies measured in it.
        var replies = 0
        /// The most chats running at the end of any of its seconds.
        var peakRunning = 0

        /// A per-second rate of `count` over this bucket.
        func perSecond(_ count: Int) -> Double {
            Double(count) / Double(max(seconds, 1))
        }
    }

    /// Seconds per bucket.
    let size: Int
    /// Seconds in the timeline.
    let total: Int
    /// The buckets, in time order, covering every second.
    let buckets: [Bucket]

    /// Gathers `summary`'s timeline into at most `maxBuckets` buckets.
    init(_ summary: LoadSummary, maxBuckets: Int) {
        let timeline = summary.timeline
        total = timeline.count
        size = ChartScale.timeStep(covering: timeline.count, parts: maxBuckets)
        let running = summary.runningPerSecond
        var buckets: [Bucket] = []
        for (index, second) in timeline.enumerated() {
            let slot = index / size
            if slot == buckets.count {
                buckets.append(Bucket(start: slot * size, seconds: min(size, timeline.count - slot * size)))
            }
            buckets[slot].started += second.started
            buckets[slot].passed += second.passed
            buckets[slot].failed += second.failed
            buckets[slot].replies += second.replies
            buckets[slot].peakRunning = max(buckets[slot].peakRunning, running[index])
        }
        self.buckets = buckets
    }

    /// True when the timeline has no seconds.
    var isEmpty: Bool { buckets.isEmpty }

    /// True when times are best shown as `m:ss` rather than seconds.
    var longRun: Bool { total > 120 }

    /// `15 s`, `5 min`, `1 h`.
    static func span(_ seconds: Int) -> String {
        if seconds % 3600 == 0 { return "\(seconds / 3600) h" }
        if seconds % 60 == 0 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }

    /// The time axis from 0 to the end of the timeline, with clock ticks.
    func timeAxis() -> (scale: ChartScale, ticks: [Double]) {
        let end = max(total, 1)
        let step = ChartScale.timeStep(covering: end, parts: 8)
        let ticks = stride(from: 0, through: end, by: step).map(Double.init)
        return (ChartScale(linear: 0, Double(end)), ticks)
    }
}
