import Foundation

/// What happened at one step.
public struct StepResult: Sendable, Hashable {
    /// The step.
    public var step: ScriptStep
    /// `nil` when the step passed, otherwise why it failed.
    public var failure: String?
    /// What the step saw (the matching reply, the picked option…), for the log.
    public var detail: String?
    /// For the first `expect` after a `send`: the time from the send to the reply.
    public var replyLatency: Duration?
    /// For a matched `expect`: the time from the reply frame's arrival on the socket to the match
    /// (what the client itself added); `nil` when the reply did not come over the socket.
    public var addedLatency: Duration?

    /// True when the step passed.
    public var passed: Bool { failure == nil }

    /// Creates a step result.
    public init(
        step: ScriptStep, failure: String? = nil, detail: String? = nil, replyLatency: Duration? = nil,
        addedLatency: Duration? = nil
    ) {
        self.step = step
        self.failure = failure
        self.detail = detail
        self.replyLatency = replyLatency
        self.addedLatency = addedLatency
    }
}

/// The outcome of one run of one script.
public struct ScriptResult: Sendable, Hashable {
    /// The script's name.
    public var name: String
    /// One result per step that ran.
    public var steps: [StepResult]
    /// How long the run took.
    public var duration: Duration

    /// Creates a run result.
    public init(name: String, steps: [StepResult], duration: Duration) {
        self.name = name
        self.steps = steps
        self.duration = duration
    }

    /// True when every step passed.
    public var passed: Bool { steps.allSatisfy(\.passed) }
    /// The failed steps.
    public var failures: [StepResult] { steps.filter { !$0.passed } }
    /// The measured reply latencies, in step order.
    public var replyLatencies: [Duration] { steps.compactMap(\.replyLatency) }
}

/// Nearest-rank percentiles of durations.
public enum LatencyStats {
    /// The p-th percentile (0…100) by nearest rank; `nil` for no samples.
    public static func percentile(_ p: Double, of samples: [Duration]) -> Duration? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// `123 ms` or `1.42 s`.
    public static func format(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return ms < 1000 ? "\(Int(ms.rounded())) ms" : String(format: "%.2f s", ms / 1000)
    }
}
