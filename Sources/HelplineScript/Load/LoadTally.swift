import Foundation

/// Adds up a load run as it goes: chats started, finished and dropped, per second, per step and per
/// failure reason. A plain value with no clock of its own: callers pass the second each fact
/// belongs to.
public struct LoadTally: Sendable {
    /// The figures so far (thresholds not yet judged).
    public private(set) var summary = LoadSummary()
    /// Chats running now.
    public private(set) var running = 0
    /// Closed-model workers that began their first chat (or found nothing left to start).
    var workersArrived = 0
    private var stepIndex: [String: Int] = [:]
    private var reasonIndex: [String: Int] = [:]

    /// A tally for `scripts` under the given shape and shard.
    public init(scripts: [Script], shape: String, shard: Shard, planned: Int, startedAt: Date) {
        summary.scripts = []
        for script in scripts where !summary.scripts.contains(script.name) { summary.scripts.append(script.name) }
        summary.shape = shape
        summary.shards = [shard.description]
        summary.counts.planned = planned
        // Whole seconds: the JSON's ISO 8601 time keeps no fractions, so a summary reads back equal.
        summary.startedAt = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        for script in scripts where !summary.steps.contains(where: { $0.script == script.name }) {
            for step in script.steps {
                if case .expect = step.action {
                    stepIndex[Self.key(script.name, step.line)] = summary.steps.count
                    summary.steps.append(.init(script: script.name, line: step.line, source: step.source))
                }
            }
        }
    }

    /// A chat started in `second`.
    public mutating func started(second: Int) {
        running += 1
        summary.counts.started += 1
        summary.peakRunning = max(summary.peakRunning, running)
        self[second].started += 1
    }

    /// The first wave of a closed-model run has all started, `elapsed` after the run's start.
    public mutating func startedFirstWave(after elapsed: Duration) {
        summary.startupMs = LatencyHistogram.micros(elapsed) / 1000
    }

    /// An arrival was skipped at the concurrency cap in `second`.
    public mutating func dropped(second: Int) {
        summary.counts.dropped += 1
        let record = self[second]
        self[second] = record
    }

    /// Planned chats that will not start (time limit, interrupt).
    public mutating func notStarted(_ count: Int) {
        summary.counts.notStarted += count
    }

    /// A chat finished in `second` with `result`; `added` are its added latencies.
    public mutating func finished(_ result: ScriptResult, second: Int) {
        running -= 1
        if result.passed { summary.counts.passed += 1 } else { summary.counts.failed += 1 }
        summary.chat.record(result.duration)
        if result.passed { self[second].passed += 1 } else { self[second].failed += 1 }
        for step in result.steps {
            if let latency = step.replyLatency {
                summary.reply.record(latency)
                self[second].replies += 1
            }
            if let added = step.addedLatency { summary.added.record(added) }
            let key = Self.key(result.name, step.step.line)
            guard case .expect = step.step.action else { continue }
            let index = stepIndex[key] ?? appendStep(key, result.name, step.step)
            if let latency = step.replyLatency { summary.steps[index].reply.record(latency) }
            if !step.passed { summary.steps[index].failures += 1 }
        }
        if let failed = result.failures.first {
            countFailure(Self.reason(script: result.name, failed), second: second)
        }
        let run = LoadSummary.Run(
            name: result.name, passed: result.passed, durationMs: LatencyHistogram.micros(result.duration) / 1000,
            failures: result.failures.map { "line \($0.step.line): \($0.failure ?? "failed")" },
            failedSources: result.failures.map(\.step.source))
        if summary.runs.count < LoadSummary.maxRuns { summary.runs.append(run) } else { summary.runsOmitted += 1 }
    }

    /// Marks the run as interrupted and records how long it took.
    public mutating func close(durationMs: Int64, interrupted: Bool) {
        summary.durationMs = durationMs
        summary.interrupted = interrupted
        summary.failureReasons.sort { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }

    /// A failure's group: script, line and the reason up to what varies from chat to chat (the reply
    /// that did not match).
    static func reason(script: String, _ step: StepResult) -> String {
        var why = step.failure ?? "failed"
        if let cut = why.range(of: ", got ") { why = String(why[..<cut.lowerBound]) }
        if why.count > 160 { why = String(why.prefix(160)) + "…" }
        return "\(script):\(step.step.line) \(why)"
    }

    private mutating func countFailure(_ reason: String, second: Int) {
        let index = reasonIndex[reason] ?? {
            summary.failureReasons.append(.init(reason: reason))
            reasonIndex[reason] = summary.failureReasons.count - 1
            return summary.failureReasons.count - 1
        }()
        summary.failureReasons[index].count += 1
        if let last = summary.failureReasons[index].seconds.last, last.first == second {
            summary.failureReasons[index].seconds[summary.failureReasons[index].seconds.count - 1][1] += 1
        } else {
            summary.failureReasons[index].seconds.append([second, 1])
        }
    }

    private mutating func appendStep(_ key: String, _ script: String, _ step: ScriptStep) -> Int {
        stepIndex[key] = summary.steps.count
        summary.steps.append(.init(script: script, line: step.line, source: step.source))
        return summary.steps.count - 1
    }

    private static func key(_ script: String, _ line: Int) -> String { "\(script)\u{0}\(line)" }

    /// The record of `second`, creating it and any seconds before it.
    private subscript(second: Int) -> LoadSummary.Second {
        get { summary.timeline.indices.contains(second) ? summary.timeline[second] : .init(second: second) }
        set {
            let second = max(second, 0)
            while summary.timeline.count <= second { summary.timeline.append(.init(second: summary.timeline.count)) }
            summary.timeline[second] = newValue
        }
    }
}
