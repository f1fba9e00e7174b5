import Foundation
import Testing

@testable import DemoServer
@testable import HelplineScript

@Suite("Load figures: histograms, thresholds, tallies, merging")
struct LoadFiguresTests {
    @Test("histogram percentiles stay within 1.6 % of the exact ones, across seeded sample sets")
    func histogramAccuracy() {
        for seed in 1...50 {
            var generator = LoadFixtures.Seeded(seed: UInt64(seed))
            let samples = (0..<(200 + seed * 37)).map { _ in Int64(generator.next() % 5_000_000) + 1 }
            var histogram = LatencyHistogram()
            for sample in samples { histogram.record(micros: sample) }
            let sorted = samples.sorted()
            for p in [50.0, 90, 95, 99, 100] {
                let rank = min(max(Int((p / 100 * Double(sorted.count)).rounded(.up)), 1), sorted.count)
                let exact = Double(sorted[rank - 1])
                let measured = Double(LatencyHistogram.micros(histogram.percentile(p) ?? .zero))
                #expect(abs(measured - exact) <= exact * 0.016 + 1, "seed \(seed) p\(p): \(measured) vs \(exact)")
            }
            #expect(histogram.count == samples.count && histogram.maximum == .microseconds(sorted.last ?? 0))
        }
    }

    @Test("merged histograms give the percentiles of one histogram of all samples, and survive JSON")
    func histogramMerge() throws {
        var generator = LoadFixtures.Seeded(seed: 7)
        var whole = LatencyHistogram()
        var parts = Array(repeating: LatencyHistogram(), count: 4)
        for index in 0..<4000 {
            let sample = Int64(generator.next() % 3_000_000)
            whole.record(micros: sample)
            parts[index % 4].record(micros: sample)
        }
        var merged = LatencyHistogram()
        for part in parts { merged.merge(part) }
        #expect(merged == whole)
        let decoded = try JSONDecoder().decode(LatencyHistogram.self, from: JSONEncoder().encode(whole))
        #expect(decoded == whole)
        #expect(LatencyHistogram().percentile(95) == nil && LatencyHistogram().mean == nil)
    }

    @Test("thresholds parse, judge and explain what is wrong with them")
    func thresholds() throws {
        var summary = LoadSummary()
        summary.counts.started = 200
        summary.counts.passed = 198
        summary.counts.failed = 2
        for ms in 1...100 { summary.reply.record(.milliseconds(ms * 10)) }
        let rules = try ["reply.p95<2s", "reply.p95<900ms", "failures<1%", "failures<=2", "chats>=200", "reply.avg<1s", "added.p99<50ms"]
            .map(LoadThreshold.init(parsing:))
        summary.judge(rules)
        #expect(summary.thresholds.map(\.passed) == [true, false, false, true, true, true, false])
        #expect(try LoadThreshold(parsing: "reply.p95 < 2").limit == 2, "a bare number is seconds")
        #expect(summary.thresholds[2].actual == "1.00%")
        #expect(summary.thresholds[6].actual == "no samples")
        #expect(!summary.passed)
        for (bad, why) in [
            ("reply<2s", "say which figure"), ("reply.p101<2s", "not a figure"), ("reply.p95<2x", "not a duration"),
            ("failures.p95<1%", "has no figures"), ("latency.p95<1s", "unknown metric"), ("failures", "no comparison"),
            ("failures<150%", "at most 100%"), ("chats>5%", "is a count"), ("reply.p95<2%", "not a duration"),
        ] {
            #expect(throws: LoadOptionError.self) { try LoadThreshold(parsing: bad) }
            let message = (try? LoadThreshold(parsing: bad)).map(\.expression) ?? {
                do { _ = try LoadThreshold(parsing: bad) } catch { return String(describing: error) }
                return ""
            }()
            #expect(message.contains(why), "\(bad): \(message)")
        }
    }

    @Test("a tally counts runs per second, per expect step and per failure reason")
    func tally() throws {
        let script = try ScriptParser.parse("send hi\nexpect Welcome\nexpect Bye\n", name: "flow")
        var tally = LoadTally(scripts: [script], shape: "closed", shard: .whole, planned: 3, startedAt: Date())
        let steps = script.steps
        func run(_ failing: Bool, latency: Int) -> ScriptResult {
            ScriptResult(
                name: "flow",
                steps: [
                    StepResult(step: steps[0]),
                    StepResult(step: steps[1], replyLatency: .milliseconds(latency), addedLatency: .microseconds(300)),
                    StepResult(step: steps[2], failure: failing ? "expected /Bye/, got Bot: \"Hello 42\"" : nil),
                ], duration: .seconds(2))
        }
        tally.started(second: 0)
        tally.started(second: 0)
        tally.started(second: 1)
        tally.finished(run(false, latency: 100), second: 2)
        tally.finished(run(true, latency: 200), second: 2)
        tally.finished(run(true, latency: 300), second: 4)
        tally.dropped(second: 4)
        tally.close(durationMs: 5000, interrupted: false)
        let summary = tally.summary
        #expect(summary.counts.passed == 1 && summary.counts.failed == 2 && summary.counts.dropped == 1)
        #expect(summary.peakRunning == 3)
        #expect(summary.timeline.map(\.started) == [2, 1, 0, 0, 0])
        #expect(summary.runningPerSecond == [2, 3, 1, 1, 0])
        #expect(summary.steps.map(\.line) == [2, 3] && summary.steps[0].reply.count == 3 && summary.steps[1].failures == 2)
        #expect(summary.failureReasons.map(\.reason) == ["flow:3 expected /Bye/"])
        #expect(summary.failureReasons.first?.seconds == [[2, 1], [4, 1]])
        #expect(summary.added.count == 3 && summary.runs.count == 3)
        let merged = LoadSummary.merged([summary, summary])
        #expect(merged.counts.failed == 4 && merged.reply.count == 6 && merged.steps[1].failures == 4)
        #expect(merged.failureReasons.first?.seconds == [[2, 2], [4, 2]] && merged.timeline.map(\.started) == [4, 2, 0, 0, 0])
        let reread = try LoadSummary.read(merged.json())
        #expect(reread == merged)
    }
}
