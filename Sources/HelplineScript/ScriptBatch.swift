import Foundation

/// Runs several scripts, repeatedly, one after another or N conversations at once.
public struct ScriptBatch: Sendable {
    /// The most conversations at once.
    public static let maxConcurrency = 100
    /// The most conversations in one batch.
    public static let maxRuns = 10_000

    /// Runs each conversation.
    public var runner: ScriptRunner
    /// Conversations at once (1 = one after another, with the step log).
    public var concurrency: Int
    /// No new conversation starts after this much time.
    public var timeLimit: Duration

    /// Creates a batch.
    public init(runner: ScriptRunner, concurrency: Int = 1, timeLimit: Duration = .seconds(600)) {
        self.runner = runner
        self.concurrency = min(max(concurrency, 1), Self.maxConcurrency)
        self.timeLimit = timeLimit
    }

    /// Runs every script `repetitions` times (script order kept within each round).
    /// `output` gets the step log (one after another) or progress lines (concurrent).
    public func run(
        _ scripts: [Script], repetitions: Int, output: @escaping @Sendable (String) -> Void
    ) async -> [ScriptResult] {
        let plan = Array((0..<max(repetitions, 1)).flatMap { _ in scripts }.prefix(Self.maxRuns))
        let deadline = ContinuousClock.now + timeLimit
        if concurrency == 1 {
            var results: [ScriptResult] = []
            for (index, script) in plan.enumerated() {
                guard !Task.isCancelled else {
                    output("interrupted: \(plan.count - index) run(s) not started")
                    break
                }
                guard ContinuousClock.now < deadline else {
                    output("time limit reached: \(plan.count - index) run(s) not started")
                    break
                }
                output("▶ \(script.name)" + (plan.count > 1 ? " (\(index + 1)/\(plan.count))" : ""))
                let result = await runner.run(script) { output(StepLog.line($0, prefix: "  ")) }
                output("\(result.passed ? "✔ passed" : "✘ FAILED") \(script.name) in \(LatencyStats.format(result.duration))")
                results.append(result)
            }
            return results
        }
        return await runConcurrently(plan, deadline: deadline, output: output)
    }

    private func runConcurrently(
        _ plan: [Script], deadline: ContinuousClock.Instant, output: @escaping @Sendable (String) -> Void
    ) async -> [ScriptResult] {
        let runner = runner
        return await withTaskGroup(of: ScriptResult.self) { group in
            var results: [ScriptResult] = []
            var next = 0
            var skipped = 0
            func startNext() -> Bool {
                guard next < plan.count else { return false }
                guard ContinuousClock.now < deadline, !Task.isCancelled else {
                    skipped = plan.count - next
                    next = plan.count
                    return false
                }
                let script = plan[next]
                next += 1
                group.addTask { await runner.run(script) }
                return true
            }
            for _ in 0..<concurrency where !startNext() { break }
            var lastReport = 0
            while let result = await group.next() {
                results.append(result)
                let failed = results.filter { !$0.passed }.count
                let step = max(plan.count / 20, 1)
                if results.count - lastReport >= step || results.count == plan.count {
                    lastReport = results.count
                    output("progress: \(results.count)/\(plan.count) done, \(failed) failed")
                }
                _ = startNext()
            }
            if skipped > 0 {
                output("\(Task.isCancelled ? "interrupted" : "time limit reached"): \(skipped) run(s) not started")
            }
            return results
        }
    }
}
