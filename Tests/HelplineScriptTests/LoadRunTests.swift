import Foundation
import HelplineTestSupport
import Synchronization
import Testing

@testable import HelplineScript

@Suite("Load runs against the demo contact center", .timeLimit(.minutes(3)))
struct LoadRunTests {
    @Test("an open model drops the arrivals that find the cap reached, and counts them")
    func openModelCap() async throws {
        let harness = try await DemoHarness.start()
        // Each chat stays open two seconds, longer than the arrivals last: only the first two start.
        let script = try ScriptParser.parse("expect Welcome\nwait 2s\nend\n", name: "slow")
        let plan = LoadPlan(scripts: [script], model: .open(ArrivalSchedule(perSecond: 10, duration: .seconds(1)), cap: 2))
        let summary = await LoadRun(runner: harness.runner, plan: plan, thresholds: [try LoadThreshold(parsing: "dropped<50%")]).run()
        await harness.server.stop()
        #expect(summary.counts.planned == 10)
        #expect(summary.counts.started == 2 && summary.counts.dropped == 8 && summary.counts.passed == 2)
        #expect(summary.peakRunning == 2)
        #expect(summary.thresholds.first?.passed == false && summary.thresholds.first?.actual == "80.00%")
        #expect(!summary.passed)
    }

    @Test("shards run disjoint slices that merge into the whole run's counts")
    func shardsMerge() async throws {
        let harness = try await DemoHarness.start()
        let hours = try ScriptParser.parse("expect Welcome\nsend hours\nexpect opening hours\nend\n", name: "hours")
        let order = try ScriptParser.parse("expect Welcome\nsend order\nexpect Order\nend\n", name: "order")
        let model = LoadPlan.Model.closed(repetitions: 5, concurrency: 4)
        var parts: [LoadSummary] = []
        for index in 1...3 {
            let plan = LoadPlan(scripts: [hours, order], model: model, shard: Shard(index: index, count: 3))
            parts.append(await LoadRun(runner: harness.runner, plan: plan).run())
        }
        await harness.server.stop()
        #expect(parts.map(\.counts.planned) == [4, 3, 3])
        let merged = LoadSummary.merged(parts)
        #expect(merged.counts.passed == 10 && merged.counts.failed == 0 && merged.shards == ["1/3", "2/3", "3/3"])
        #expect(merged.reply.count == 10 && merged.runs.count == 10)
        #expect(merged.steps.map { "\($0.script):\($0.line) \($0.reply.count)" } == ["hours:1 0", "hours:3 5", "order:1 0", "order:3 5"])
        #expect(merged.runs.filter { $0.name == "hours" }.count == 5)
    }

    @Test("an interrupted open-model run stops starting chats and says how many did not start")
    func interrupted() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse("expect Welcome\nend\n", name: "short")
        let plan = LoadPlan(scripts: [script], model: .open(ArrivalSchedule(perSecond: 2, duration: .seconds(30)), cap: 10))
        let started = Mutex(false)
        let run = Task {
            await LoadRun(runner: harness.runner, plan: plan, progressInterval: .milliseconds(50)).run(progress: { progress in
                if progress.passed >= 1 { started.withLock { $0 = true } }
            })
        }
        while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        run.cancel()
        let summary = await run.value
        await harness.server.stop()
        #expect(summary.interrupted)
        #expect(summary.counts.started >= 1 && summary.counts.started < 60)
        #expect(summary.counts.started + summary.counts.dropped + summary.counts.notStarted == 60, "every arrival is started, dropped at the cap or not started")
    }
}
