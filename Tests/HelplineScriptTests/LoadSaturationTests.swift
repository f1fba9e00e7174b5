import Foundation
import HelplineTestSupport
import Synchronization
import Testing

@testable import HelplineScript

/// A load run says when this machine, not the contact center, was the limit (issue 39).
@Suite("The saturation guard", .timeLimit(.minutes(2)))
struct LoadSaturationTests {
    /// A meter whose process uses `share` of one core for every second of wall time.
    static func meter(share: Double) -> CPUMeter {
        let start = ContinuousClock.now
        return CPUMeter(cores: 1) { (ContinuousClock.now - start) * share }
    }

    @Test("CPU over the limit in two checks in a row trips it; one busy second or a comfortable load does not")
    func cpu() {
        var watch = SaturationGuard(cores: 2)
        let tripped1 = watch.check(second: 0, cpuShare: 0.95, shard: "1/1", peakRunning: 5)
        #expect(!tripped1, "one busy second is start-up")
        let tripped2 = watch.check(second: 1, cpuShare: 0.97, shard: "1/1", peakRunning: 5)
        #expect(tripped2)
        #expect(watch.record?.firstSecond == 1 && watch.record?.peakCPUPercent == 97 && watch.record?.cores == 2)
        watch.failed()
        let tripped3 = watch.check(second: 2, cpuShare: 0.4, shard: "1/1", peakRunning: 5)
        #expect(!tripped3, "it ends when the CPU calms down")
        watch.failed()
        #expect(watch.record?.failedWhileSaturated == 1, "only the failure while saturated counts apart")
        var calm = SaturationGuard(cores: 2)
        for second in 0..<30 { calm.check(second: second, cpuShare: 0.5, shard: "1/1", peakRunning: 5) }
        #expect(calm.record == nil)
    }

    @Test("the client's added p99 over the window trips it, once there are enough samples to be a trend")
    func addedLatency() {
        var watch = SaturationGuard(cores: 2)
        watch.added(Array(repeating: .milliseconds(400), count: 5), second: 0)
        let tripped4 = watch.check(second: 0, cpuShare: nil, shard: "2/4", peakRunning: 50)
        #expect(!tripped4, "five slow matches are no trend")
        watch.added(Array(repeating: .milliseconds(400), count: 10), second: 1)
        let tripped5 = watch.check(second: 1, cpuShare: nil, shard: "2/4", peakRunning: 50)
        #expect(tripped5)
        #expect(watch.record?.shard == "2/4" && (watch.record?.peakAddedP99Ms ?? 0) >= 400)
        // The slow seconds leave the 5-second window; fast matches keep coming.
        for second in 2..<9 { watch.added(Array(repeating: .milliseconds(2), count: 20), second: second) }
        let tripped6 = watch.check(second: 8, cpuShare: nil, shard: "2/4", peakRunning: 50)
        #expect(!tripped6)
    }

    @Test("its own check waking up late trips it at once: the process's tasks wait for their turn")
    func lateCheck() {
        var watch = SaturationGuard(cores: 2)
        let onTime = watch.check(second: 0, cpuShare: 0.3, shard: "1/1", peakRunning: 9, tickLag: .milliseconds(20))
        #expect(!onTime)
        let late = watch.check(second: 1, cpuShare: 0.3, shard: "1/1", peakRunning: 9, tickLag: .milliseconds(4000))
        #expect(late, "a check 4 s late is a starved process, whatever the CPU figure")
        #expect(watch.record?.peakTickLagMs == 4000)
    }

    @Test("a client whose own tasks run late is marked saturated though its CPU looks calm")
    func starvedRun() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse("expect Welcome\nwait 1s\nend\n", name: "slow")
        let plan = LoadPlan(scripts: [script], model: .closed(repetitions: 1, concurrency: 1))
        // Every wake-up of the run's clock comes 400 ms after its time, as on a starved process.
        let late = LoadClock(now: { .now }, sleep: { try await Task.sleep(until: $0 + .milliseconds(400), clock: .continuous) })
        let run = LoadRun(
            runner: harness.runner, plan: plan, progressInterval: .milliseconds(100), clock: late,
            cpu: Self.meter(share: 0.05))
        let summary = await run.run()
        await harness.server.stop()
        #expect(summary.counts.passed == 1)
        #expect((summary.saturation?.first?.peakTickLagMs ?? 0) >= 300, "\(String(describing: summary.saturation))")
        #expect(LoadExitStatus(summary) == nil, "it passed anyway: exit 0, with the warning")
    }

    @Test("a run on a saturated machine says so in the progress line and the summary, and exits 3 when something failed")
    func saturatedRun() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse("expect Welcome\nwait 1s\nexpect <never> within 300ms\n", name: "slow")
        let plan = LoadPlan(scripts: [script], model: .closed(repetitions: 2, concurrency: 2))
        let lines = Mutex<[String]>([])
        let run = LoadRun(
            runner: harness.runner, plan: plan, progressInterval: .milliseconds(100), cpu: Self.meter(share: 2))
        let summary = await run.run(progress: { progress in lines.withLock { $0.append(progress.line) } })
        await harness.server.stop()
        let saturation = try #require(summary.saturation?.first)
        #expect(summary.saturated && saturation.shard == "1/1")
        #expect(saturation.failedWhileSaturated == 2, "both failures came while the machine was saturated")
        let shown = lines.withLock { $0 }
        #expect(shown.contains { $0.contains("THIS MACHINE IS SATURATED") })
        let text = StepLog.summary(summary)
        #expect(text.contains("SATURATED: this machine (shard 1/1)") && text.contains("2 of the 2 failures happened then"))
        #expect(text.contains("--shard K/"), "the way out: \(text)")
        #expect(LoadExitStatus(summary) == .saturated)
        let xml = JUnitReport.xml(suite: "load", summary: summary)
        #expect(xml.contains(#"type="LoadGeneratorSaturated""#))
        #expect(HTMLReport.html(summary, title: "t").contains("SATURATED"))
    }

    @Test("a comfortable run is not marked, and a failure there is the system's (exit 1)")
    func comfortableRun() async throws {
        let harness = try await DemoHarness.start()
        let passing = try ScriptParser.parse("expect Welcome\nsend hours\nexpect opening hours\nend\n", name: "hours")
        let failing = try ScriptParser.parse("expect Welcome\nexpect <never> within 200ms\n", name: "never")
        let plan = LoadPlan(scripts: [passing, failing], model: .closed(repetitions: 4, concurrency: 2))
        let run = LoadRun(
            runner: harness.runner, plan: plan, progressInterval: .milliseconds(100), cpu: Self.meter(share: 0.05))
        let summary = await run.run()
        await harness.server.stop()
        #expect(summary.saturation == [] && !summary.saturated, "watched, and found nothing")
        #expect(summary.counts.passed == 4 && summary.counts.failed == 4, "\(StepLog.summary(summary))")
        #expect(LoadExitStatus(summary) == .failed)
        #expect(!StepLog.summary(summary).contains("SATURATED"))
        #expect(JUnitReport.xml(suite: "load", summary: summary).contains(#"name="load generator kept up" time="0.000"/>"#))
    }

    @Test("report merge keeps each shard's verdict, and an old summary without one reads as unwatched")
    func mergeKeepsShards() throws {
        var a = LoadSummary()
        a.saturation = [Saturation(shard: "1/2", firstSecond: 3, seconds: 9, peakAddedP99Ms: 900, peakCPUPercent: 99, cores: 2,
                                   failedWhileSaturated: 4, peakRunning: 2500)]
        var b = LoadSummary()
        b.saturation = []
        let merged = LoadSummary.merged([a, b])
        #expect(merged.saturation?.map(\.shard) == ["1/2"])
        // A summary written with the guard off has no `saturation` key, like one written before the guard.
        let unwatched = try LoadSummary().json()
        #expect(!String(decoding: unwatched, as: UTF8.self).contains("saturation"))
        let old = try LoadSummary.read(unwatched)
        #expect(old.saturation == nil && !old.saturated)
    }
}
