import Foundation

/// The ranges a summary file's numbers must lie in (docs/robustness.md, "Numbers from outside").
///
/// A summary is read from a file, so its numbers come from outside: each is checked when the file
/// is read, and the bounds leave room for ``LoadSummary/mostMerged`` summaries to be added up
/// (`helpline report merge`) without any sum overflowing.
extension LoadSummary {
    /// The largest count a summary may hold (chats, replies, failures, bucket counts): 2^48.
    public static let largestCount = 1 << 48
    /// The largest latency or duration, in microseconds: 2^50 (about 35 years).
    public static let largestMicros: Int64 = 1 << 50
    /// The latest second of a timeline: 400 days.
    public static let latestSecond = 400 * 86_400
    /// The most summaries added up at once: 4096 × 2^48 and 4096 × 2^50 fit in Int64.
    public static let mostMerged = 4096

    /// Throws, naming the field, unless every number lies in its range.
    func checkRanges() throws {
        try Self.check(durationMs, "duration_ms", 0...Self.largestMicros / 1000)
        for (name, value) in [
            ("planned", counts.planned), ("started", counts.started), ("passed", counts.passed), ("failed", counts.failed),
            ("dropped", counts.dropped), ("not_started", counts.notStarted),
        ] {
            try Self.check(value, "counts.\(name)")
        }
        try Self.check(peakRunning, "peak_running")
        if let startupMs { try Self.check(startupMs, "startup_ms", 0...Self.largestMicros / 1000) }
        try Self.check(runsOmitted, "runs_omitted")
        for step in steps {
            try Self.check(step.line, "steps.line")
            try Self.check(step.failures, "steps.failures")
        }
        for second in timeline {
            try Self.check(second.second, "timeline.second", 0...Int64(Self.latestSecond))
            for value in [second.started, second.passed, second.failed, second.replies] { try Self.check(value, "timeline") }
        }
        for reason in failureReasons {
            try Self.check(reason.count, "failure_reasons.count")
            for pair in reason.seconds where pair.count == 2 {
                try Self.check(pair[0], "failure_reasons.seconds", 0...Int64(Self.latestSecond))
                try Self.check(pair[1], "failure_reasons.seconds")
            }
        }
        for run in runs { try Self.check(run.durationMs, "runs.duration_ms", 0...Self.largestMicros / 1000) }
        for shard in saturation ?? [] {
            try Self.check(shard.firstSecond, "saturation.first_second", 0...Int64(Self.latestSecond))
            try Self.check(shard.seconds, "saturation.seconds", 0...Int64(Self.latestSecond))
            try Self.check(shard.peakAddedP99Ms, "saturation.peak_added_p99_ms", 0...Self.largestMicros / 1000)
            try Self.check(shard.peakCPUPercent, "saturation.peak_cpu_percent", 0...6400)
            try Self.check(shard.peakTickLagMs, "saturation.peak_tick_lag_ms", 0...Self.largestMicros / 1000)
            try Self.check(shard.cores, "saturation.cores", 1...4096)
            for value in [shard.failedWhileSaturated, shard.peakRunning] { try Self.check(value, "saturation") }
            if let onset = shard.runningAtOnset { try Self.check(onset, "saturation.running_at_onset") }
        }
    }

    /// Throws unless `value` lies in `range` (counts: 0…``largestCount``).
    static func check<Value: BinaryInteger>(_ value: Value, _ field: String, _ range: ClosedRange<Int64> = 0...Int64(largestCount)) throws {
        guard let exact = Int64(exactly: value), range.contains(exact) else {
            throw LoadOptionError("\(field) is \(value), outside \(range.lowerBound)…\(range.upperBound)")
        }
    }
}
