import Foundation
import Synchronization

/// Carries out a ``LoadPlan``: starts the chats (closed or open model, this shard's slice), tallies
/// them as they finish and returns the run's ``LoadSummary`` with the thresholds judged.
public struct LoadRun: Sendable {
    /// Runs each chat.
    public var runner: ScriptRunner
    /// What to run.
    public var plan: LoadPlan
    /// The pass/fail rules.
    public var thresholds: [LoadThreshold]
    /// How often ``run(log:progress:)`` reports progress.
    public var progressInterval: Duration
    /// The clock the schedule runs on (injected for tests).
    public var clock: LoadClock
    /// When this machine counts as saturated; nil turns the guard off (`--no-saturation-guard`).
    public var saturationLimits: SaturationLimits?
    /// The process's CPU time (injected for tests).
    public var cpu: CPUMeter

    /// Creates a run.
    public init(
        runner: ScriptRunner, plan: LoadPlan, thresholds: [LoadThreshold] = [], progressInterval: Duration = .seconds(1),
        clock: LoadClock = .continuous, saturationLimits: SaturationLimits? = SaturationLimits(), cpu: CPUMeter = .process
    ) {
        self.runner = runner
        self.plan = plan
        self.thresholds = thresholds
        self.progressInterval = progressInterval
        self.clock = clock
        self.saturationLimits = saturationLimits
        self.cpu = cpu
    }

    /// Runs the plan. With one chat at a time, `log` gets the step log; otherwise `progress` is
    /// called every ``progressInterval`` and once at the end.
    public func run(
        log: @escaping @Sendable (String) -> Void = { _ in }, progress: @escaping @Sendable (LoadProgress) -> Void = { _ in }
    ) async -> LoadSummary {
        let start = clock.now()
        let tally = LoadTally(
            scripts: plan.scripts, shape: plan.shapeDescription, shard: plan.shard, planned: plan.ownChats, startedAt: Date())
        let meter = cpu
        let watch = saturationLimits.map { SaturationGuard(limits: $0, cores: meter.cores) }
        let recorder = LoadRecorder(
            tally: tally, saturation: watch, shard: plan.shard.description, start: start, firstWave: plan.firstWave, now: clock.now)
        let reporter = Task {
            var last = (wall: clock.now(), used: meter.processTime())
            while !Task.isCancelled {
                let due = clock.now() + progressInterval
                guard (try? await clock.sleep(due)) != nil else { break }
                let now = (wall: clock.now(), used: meter.processTime())
                recorder.checkSaturation(
                    cpuShare: CPUMeter.share(used: now.used - last.used, wall: now.wall - last.wall, cores: meter.cores),
                    tickLag: now.wall - due)
                last = now
                progress(recorder.progress())
            }
        }
        switch plan.model {
        case .closed where plan.ownConcurrency == 1:
            await runOneByOne(recorder: recorder, deadline: start + plan.timeLimit, log: log)
        case .closed:
            await runPool(recorder: recorder, deadline: start + plan.timeLimit)
        case .open(let schedule, _):
            await runArrivals(schedule, recorder: recorder, start: start)
        }
        reporter.cancel()
        await reporter.value
        progress(recorder.progress())
        var summary = recorder.close(interrupted: Task.isCancelled)
        summary.judge(thresholds)
        return summary
    }

    /// The chats of this slice in order: (index in the whole run, script).
    private var ownRuns: [Script] {
        (0..<plan.totalChats).filter(plan.shard.owns).map { plan.scripts[$0 % plan.scripts.count] }
    }

    private func runOneByOne(recorder: LoadRecorder, deadline: ContinuousClock.Instant, log: @escaping @Sendable (String) -> Void) async {
        let runs = ownRuns
        for (index, script) in runs.enumerated() {
            guard !Task.isCancelled, clock.now() < deadline else {
                log("\(Task.isCancelled ? "interrupted" : "time limit reached"): \(runs.count - index) run(s) not started")
                recorder.notStarted(runs.count - index)
                return
            }
            log("▶ \(script.name)" + (runs.count > 1 ? " (\(index + 1)/\(runs.count))" : ""))
            recorder.started()
            let result = await runner.run(script) { log(StepLog.line($0, prefix: "  ")) }
            log("\(result.passed ? "✔ passed" : "✘ FAILED") \(script.name) in \(LatencyStats.format(result.duration))")
            recorder.finished(result)
        }
    }

    /// A closed model: `concurrency` workers, each taking the next run when its chat ends; the first
    /// wave is paced by the plan's ``StartPacing``.
    private func runPool(recorder: LoadRecorder, deadline: ContinuousClock.Instant) async {
        let runs = ownRuns
        let queue = RunQueue(count: runs.count)
        let (runner, clock, pacing) = (runner, clock, plan.pacing)
        let workers = min(plan.ownConcurrency, runs.count)
        let gate: OpeningGate? = if case .opening(let width) = pacing { OpeningGate(width: width) } else { nil }
        let start = clock.now()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    let first = start + pacing.firstStart(worker: worker, of: workers)
                    if clock.now() < first, (try? await clock.sleep(first)) == nil { return }
                    var arrived = false
                    while true {
                        await gate?.enter()
                        if !arrived {
                            arrived = true
                            recorder.workerArrived()
                        }
                        guard !Task.isCancelled, clock.now() < deadline, let index = queue.take() else {
                            gate?.leave()
                            return
                        }
                        recorder.started()
                        let result = await runner.run(runs[index], opened: { gate?.leave() })
                        recorder.finished(result)
                    }
                }
            }
        }
        recorder.notStarted(runs.count - queue.taken)
    }

    /// An open model: chats start on the schedule (this slice's every N-th arrival), dropped when the
    /// slice's cap is reached.
    private func runArrivals(_ schedule: ArrivalSchedule, recorder: LoadRecorder, start: ContinuousClock.Instant) async {
        let (runner, clock, cap) = (runner, clock, plan.ownConcurrency)
        let limit = min(schedule.duration, plan.timeLimit)
        await withTaskGroup(of: Void.self) { group in
            var index = 0
            var skipped = 0
            while let offset = schedule.arrival(index) {
                defer { index += 1 }
                guard plan.shard.owns(index) else { continue }
                guard !Task.isCancelled, offset < limit else {
                    skipped += 1
                    continue
                }
                if clock.now() < start + offset {
                    guard (try? await clock.sleep(start + offset)) != nil else {
                        skipped += 1
                        continue
                    }
                }
                guard recorder.startIfRoom(cap: cap) else { continue }
                let script = plan.scripts[index % plan.scripts.count]
                group.addTask { recorder.finished(await runner.run(script)) }
            }
            recorder.notStarted(skipped)
        }
    }
}

/// Hands out run indices to the workers of a closed-model run, each once.
private final class RunQueue: Sendable {
    private let next = Mutex(0)
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    /// The next index, or `nil` when all are taken.
    func take() -> Int? {
        next.withLock { next in
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    /// How many were handed out.
    var taken: Int { next.withLock { $0 } }
}

/// The clock a load run schedules by: real time, or a test's.
public struct LoadClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> ContinuousClock.Instant
    /// Sleeps until an instant; throws when the task is cancelled.
    public var sleep: @Sendable (ContinuousClock.Instant) async throws -> Void

    /// Creates a clock.
    public init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's continuous clock.
    public static let continuous = LoadClock(now: { .now }, sleep: { try await Task.sleep(until: $0, clock: .continuous) })
}
