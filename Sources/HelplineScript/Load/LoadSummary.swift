import Foundation

/// The figures of one load run (or of several shards merged): what `--summary FILE.json` holds and
/// what the HTML report and the JUnit file are drawn from.
///
/// Histograms hold bucket counts, so merging shards sums buckets and the merged percentiles are the
/// whole run's, not averages of averages. JSON keys are snake_case; `version` changes when a key's
/// meaning does.
public struct LoadSummary: Sendable, Hashable, Codable {
    /// The format version this build writes and reads.
    public static let currentVersion = 1

    /// Chat counts.
    public struct Counts: Sendable, Hashable, Codable {
        /// Chats the plan held for this run (closed model) or arrivals due (open model).
        public var planned = 0
        /// Chats started.
        public var started = 0
        /// Chats that passed every step.
        public var passed = 0
        /// Chats with a failed step.
        public var failed = 0
        /// Arrivals skipped because the concurrency cap was reached (open model).
        public var dropped = 0
        /// Planned chats never started (time limit or interrupt).
        public var notStarted = 0

        /// Chats finished, passed or failed.
        public var finished: Int { passed + failed }

        /// No chats yet.
        public init() {}

        mutating func add(_ other: Counts) {
            planned += other.planned
            started += other.started
            passed += other.passed
            failed += other.failed
            dropped += other.dropped
            notStarted += other.notStarted
        }
    }

    /// The figures of one step of a script (an `expect` and its reply latencies, failures).
    public struct Step: Sendable, Hashable, Codable {
        /// The script's name.
        public var script: String
        /// The step's line in the script.
        public var line: Int
        /// The step's text.
        public var source: String
        /// Send → reply latencies measured at this step.
        public var reply = LatencyHistogram()
        /// How many runs failed at this step.
        public var failures = 0

        /// Creates an empty step record.
        public init(script: String, line: Int, source: String) {
            self.script = script
            self.line = line
            self.source = source
        }
    }

    /// One second of the run.
    public struct Second: Sendable, Hashable, Codable {
        /// Seconds since the start.
        public var second: Int
        /// Chats started in this second.
        public var started = 0
        /// Chats that passed, finishing in this second.
        public var passed = 0
        /// Chats that failed, finishing in this second.
        public var failed = 0
        /// Replies measured in this second.
        public var replies = 0

        /// An empty second.
        public init(second: Int) {
            self.second = second
        }
    }

    /// Failures of one kind, and when they happened.
    public struct FailureReason: Sendable, Hashable, Codable {
        /// The reason, with the script and line: `greeting:4 no agent/bot reply within 10 s`.
        public var reason: String
        /// How many chats failed for it.
        public var count = 0
        /// Per second: `[second, count]`, in time order.
        public var seconds: [[Int]] = []

        /// Creates an empty record.
        public init(reason: String) {
            self.reason = reason
        }
    }

    /// One chat run, for JUnit.
    public struct Run: Sendable, Hashable, Codable {
        /// The script's name.
        public var name: String
        /// True when every step passed.
        public var passed: Bool
        /// How long it took, in milliseconds.
        public var durationMs: Int64
        /// `line N: why` for each failed step.
        public var failures: [String]
        /// The failed steps' text.
        public var failedSources: [String]

        /// Creates a run record.
        public init(name: String, passed: Bool, durationMs: Int64, failures: [String], failedSources: [String]) {
            self.name = name
            self.passed = passed
            self.durationMs = durationMs
            self.failures = failures
            self.failedSources = failedSources
        }
    }

    /// A threshold's outcome.
    public struct ThresholdVerdict: Sendable, Hashable, Codable {
        /// The threshold as written.
        public var expression: String
        /// True when it holds.
        public var passed: Bool
        /// The measured value, as text (`1.42 s`, `0.50%`, `no samples`).
        public var actual: String

        /// Creates a verdict.
        public init(expression: String, passed: Bool, actual: String) {
            self.expression = expression
            self.passed = passed
            self.actual = actual
        }
    }

    /// The most runs kept for JUnit; the rest are counted in ``runsOmitted``.
    public static let maxRuns = 10_000

    /// The format version.
    public var version = LoadSummary.currentVersion
    /// The script names, in command-line order.
    public var scripts: [String] = []
    /// How the load was shaped, in words (`closed: 20 at once, 100 runs`, `ramp 0:10/s,60s:100/s`).
    public var shape = ""
    /// The shards merged into this summary (`1/4`…); one entry for an unsharded run.
    public var shards: [String] = []
    /// When the run started (the earliest shard's start after a merge).
    public var startedAt = Date(timeIntervalSince1970: 0)
    /// How long the run took, in milliseconds (the longest shard after a merge).
    public var durationMs: Int64 = 0
    /// Chat counts.
    public var counts = Counts()
    /// Send → first reply, every reply of the run.
    public var reply = LatencyHistogram()
    /// Whole chat runs.
    public var chat = LatencyHistogram()
    /// A reply frame's arrival → its `expect` matching (the client's own delay).
    public var added = LatencyHistogram()
    /// The most chats running at once.
    public var peakRunning = 0
    /// How long a closed-model run took to start its first wave (the chats meant to run at once),
    /// in milliseconds (the slowest shard after a merge); nil for the open model, one chat at a
    /// time, or a run that never started them all.
    public var startupMs: Int64?
    /// Per step, in script and line order.
    public var steps: [Step] = []
    /// Per second, from 0, without gaps.
    public var timeline: [Second] = []
    /// Failures grouped by reason, most frequent first.
    public var failureReasons: [FailureReason] = []
    /// The thresholds' outcomes, in command-line order.
    public var thresholds: [ThresholdVerdict] = []
    /// Up to ``maxRuns`` runs, for JUnit.
    public var runs: [Run] = []
    /// Runs finished but not kept in ``runs``.
    public var runsOmitted = 0
    /// True when the run was interrupted (Ctrl-C, SIGTERM).
    public var interrupted = false
    /// The shards whose machine could not drive their load; empty when the saturation guard
    /// watched and found none, nil when it was off (or the summary predates it). See ``SaturationGuard``.
    public var saturation: [Saturation]?

    /// True when some shard's machine was saturated: its figures measure that machine, not the server.
    public var saturated: Bool { !(saturation ?? []).isEmpty }

    /// An empty summary.
    public init() {}

    /// The histogram of a latency.
    public func histogram(_ latency: LoadThreshold.Latency) -> LatencyHistogram {
        switch latency {
        case .reply: reply
        case .chat: chat
        case .added: added
        }
    }

    /// True when every chat passed, at least one ran, and every threshold holds.
    public var passed: Bool {
        counts.finished > 0 && counts.failed == 0 && thresholds.allSatisfy(\.passed)
    }

    /// The chats running at the end of each second (started so far minus finished so far).
    public var runningPerSecond: [Int] {
        var running = 0
        return timeline.map { second in
            running += second.started - second.passed - second.failed
            return running
        }
    }

    /// Judges `thresholds` against these figures, replacing earlier verdicts.
    public mutating func judge(_ rules: [LoadThreshold]) {
        thresholds = rules.map { $0.verdict(for: self) }
    }
}
