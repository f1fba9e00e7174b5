import ChatEngine
import ChatModel
import Foundation
import HelplineTestSupport
import Synchronization
import Testing

@testable import HelplineScript

/// Counts chats between being started (their wire made) and their connection opening.
private final class OpeningCounter: SessionObserver {
    private let state = Mutex((opening: 0, most: 0, opened: 0))

    func started() {
        state.withLock { state in
            state.opening += 1
            state.most = max(state.most, state.opening)
        }
    }

    func observe(_ event: ChatEvent, frameArrival: ContinuousClock.Instant?) {
        guard case .connection(.open) = event else { return }
        state.withLock { state in
            state.opening -= 1
            state.opened += 1
        }
    }

    func sessionFinished() {}

    /// The most chats that were opening at once, and how many opened.
    var figures: (most: Int, opened: Int) { state.withLock { ($0.most, $0.opened) } }
}

/// The order in which waiters got in.
private final class EntryLog: Sendable {
    private let state = Mutex<[Int]>([])

    func append(_ index: Int) { state.withLock { $0.append(index) } }

    var entries: [Int] { state.withLock { $0 } }
}

@Suite("Paced starts in the closed model", .timeLimit(.minutes(3)))
struct LoadPacingTests {
    private static let script = "expect Welcome\nend\n"

    /// A closed run of `chats` at once under `pacing`, counting the chats opening at a time.
    private func run(chats: Int, pacing: StartPacing) async throws -> (summary: LoadSummary, most: Int, opened: Int) {
        let harness = try await DemoHarness.start()
        let counter = OpeningCounter()
        var runner = harness.runner
        runner.configuration.observers.append(counter)
        let makeWire = runner.makeWire
        runner.makeWire = {
            counter.started()
            return try makeWire()
        }
        let plan = LoadPlan(
            scripts: [try ScriptParser.parse(Self.script, name: "greeting")], model: .closed(repetitions: chats, concurrency: chats),
            pacing: pacing)
        let summary = await LoadRun(runner: runner, plan: plan, saturationLimits: nil).run()
        await harness.server.stop()
        let figures = counter.figures
        return (summary, figures.most, figures.opened)
    }

    @Test("by default no more chats open side by side than the gate lets through, and all of them still run")
    func gateHoldsOpenings() async throws {
        let paced = try await run(chats: 12, pacing: .opening(atMost: 2))
        #expect(paced.summary.counts.passed == 12, "\(paced.summary.counts) \(paced.summary.failureReasons.map(\.reason))")
        // A chat can pass without its socket ever opening (its messages read over REST on a slow
        // machine); the gate then lets it go when it ends, while the count here still holds it.
        let neverOpened = 12 - paced.opened
        #expect(paced.most <= 2 + neverOpened, "at most two chats were between starting and opening: \(paced.most)")
        #expect(paced.summary.shape.hasSuffix("12 at once, paced: at most 2 opening at a time"), "\(paced.summary.shape)")
        let startup = try #require(paced.summary.startupMs, "the summary says how long starting took")
        #expect(startup <= paced.summary.durationMs)
        #expect(StepLog.summary(paced.summary).contains("started them in "))
        // All in one instant (`--ramp-up 0`): the same run has every chat opening at once.
        let burst = try await run(chats: 12, pacing: .ramp(.zero))
        #expect(burst.summary.counts.passed == 12)
        #expect(burst.most > 2 + (12 - burst.opened), "without pacing more than two chats opened side by side: \(burst.most)")
        #expect(burst.summary.shape.hasSuffix("all started at once"))
    }

    @Test("--ramp-up spreads the first wave's starts evenly over the time given")
    func rampSpreadsStarts() async throws {
        let harness = try await DemoHarness.start()
        let base = ContinuousClock.now
        let waits = Mutex<[Duration]>([])
        let clock = LoadClock(now: { .now }) { until in
            waits.withLock { $0.append(until - base) }
            try await Task.sleep(until: until, clock: .continuous)
        }
        let plan = LoadPlan(
            scripts: [try ScriptParser.parse(Self.script, name: "greeting")], model: .closed(repetitions: 4, concurrency: 4),
            pacing: .ramp(.milliseconds(800)))
        let summary = await LoadRun(
            runner: harness.runner, plan: plan, progressInterval: .seconds(600), clock: clock, saturationLimits: nil
        ).run()
        await harness.server.stop()
        #expect(summary.counts.passed == 4)
        // Worker 0 starts at once; workers 1-3 wait for 200, 400 and 600 ms after the start.
        let firstStarts = waits.withLock { $0 }.filter { $0 < .seconds(300) }.sorted()
        #expect(firstStarts.count == 3, "\(firstStarts)")
        for (wait, due) in zip(firstStarts, [200, 400, 600]) {
            let off = wait - .milliseconds(due)
            #expect(off < .milliseconds(50) && off > .milliseconds(-50), "\(firstStarts)")
        }
        let startup = try #require(summary.startupMs)
        #expect(startup >= 600, "the last of the first wave started after its ramp slot: \(startup) ms")
        #expect(summary.shape.hasSuffix("ramped up over 800 ms"), "\(summary.shape)")
    }

    @Test("the gate lets waiters in in order, and never more than its width at once")
    func gateOrder() async {
        let gate = OpeningGate(width: 2)
        let log = EntryLog()
        await gate.enter()
        await gate.enter()
        var waiters: [Task<Void, Never>] = []
        for index in 0..<3 {
            waiters.append(Task {
                await gate.enter()
                log.append(index)
            })
            // Each waiter queues before the next is started.
            while gate.waitingCount < index + 1 { await Task.yield() }
        }
        #expect(log.entries.isEmpty, "both places are taken")
        gate.leave()
        while log.entries.count < 1 { await Task.yield() }
        #expect(log.entries == [0])
        gate.leave()
        gate.leave()
        for waiter in waiters { await waiter.value }
        #expect(log.entries == [0, 1, 2])
    }

    @Test("the shard advice counts machines from the chats running when saturation began")
    func adviceFromOnset() throws {
        var shard = Saturation(
            shard: "1/1", firstSecond: 4, seconds: 9, peakAddedP99Ms: 900, peakCPUPercent: 95, cores: 2, failedWhileSaturated: 3,
            peakRunning: 5000, runningAtOnset: 1900)
        #expect(shard.machinesNeeded() == 3)
        #expect(StepLog.saturationAdvice(shard).contains("--shard K/3 on 3 machines (it became saturated with 1900 chat(s) running"))
        // Saturated only once all were running: the CPU peak decides, never fewer than two.
        shard.runningAtOnset = 5000
        #expect(shard.machinesNeeded() == 2)
        shard.peakCPUPercent = 250
        #expect(shard.machinesNeeded() == 3)
        // A summary written before the onset was kept reads without it.
        var summary = LoadSummary()
        summary.saturation = [shard]
        summary.startupMs = 1234
        let text = String(decoding: try summary.json(), as: UTF8.self)
            .replacingOccurrences(of: "\"running_at_onset\":5000,", with: "")
        #expect(!text.contains("running_at_onset"))
        let read = try LoadSummary.read(Data(text.utf8))
        #expect(read.saturation?.first?.runningAtOnset == nil && read.startupMs == 1234)
        #expect(LoadSummary.merged([read, summary]).startupMs == 1234)
    }

    @Test("the cores a run may use follow taskset and a container's CPU quota, not only the online count")
    func usableCores() {
        let pinned = "Name:\thelpline\nCpus_allowed:\t2\nCpus_allowed_list:\t1\n"
        #expect(CPUMeter.usableCores(online: 2, status: pinned, cpuMax: nil) == 1)
        #expect(CPUMeter.usableCores(online: 16, status: "Cpus_allowed_list:\t0-3,8,10-11\n", cpuMax: "max 100000\n") == 7)
        #expect(CPUMeter.usableCores(online: 16, status: nil, cpuMax: "150000 100000\n") == 2, "1.5 cores of quota round up")
        #expect(CPUMeter.usableCores(online: 4, status: "Cpus_allowed_list:\tgarbage\n", cpuMax: "0 0") == 4)
        #expect(CPUMeter.usableCores(online: 0, status: nil, cpuMax: nil) == 1)
    }
}
