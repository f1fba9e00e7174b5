import Foundation
import Testing

@testable import DemoServer
@testable import HelplineScript

@Suite("Merging shard summaries")
struct ReportMergeTests {
    @Test("N shards tallied apart and merged (through their JSON) hold the same figures as one run of all chats", arguments: [2, 3, 4, 7])
    func shardsMergeToTheWholeRun(shards: Int) throws {
        let chats = LoadFixtures.chats(600, seconds: 90)
        let whole = LoadFixtures.summary(chats)
        let parts = try (1...shards).map { index in
            let part = LoadFixtures.summary(LoadFixtures.shard(chats, index, of: shards), shard: Shard(index: index, count: shards))
            return try LoadSummary.read(try part.json())
        }
        let merged = LoadSummary.merged(parts)
        #expect(merged.counts == whole.counts)
        #expect(merged.reply == whole.reply)
        #expect(merged.chat == whole.chat)
        #expect(merged.added == whole.added)
        #expect(merged.reply.count == whole.reply.count && merged.reply.buckets == whole.reply.buckets)
        #expect(merged.steps == whole.steps)
        #expect(merged.timeline == whole.timeline)
        #expect(merged.failureReasons == whole.failureReasons)
        #expect(merged.runs.count == whole.runs.count)
        #expect(merged.shards == (1...shards).map { "\($0)/\(shards)" })
        #expect(merged.failureReasons.count == LoadFixtures.reasons.count * 3, "three reasons at each of three steps")
        // The report of the merged run draws the same data as the whole run's.
        let html = HTMLReport.html(merged, title: "merged")
        let histogram = try #require(HTMLProbe.svg(html, id: "reply-histogram"))
        let drawn = HTMLProbe.barCounts(histogram).reduce(0, +)
        #expect(drawn == whole.reply.count)
    }

    @Test("percentiles of merged histograms are those of one histogram of all samples")
    func mergedPercentiles() {
        var random = LoadFixtures.Seeded(seed: 42)
        var all = LatencyHistogram()
        var parts = [LatencyHistogram](repeating: LatencyHistogram(), count: 5)
        var samples: [Duration] = []
        for index in 0..<20_000 {
            let micros = Int64(pow(10, Double.random(in: 1...7, using: &random)))
            all.record(micros: micros)
            parts[index % parts.count].record(micros: micros)
            samples.append(.microseconds(micros))
        }
        var merged = LatencyHistogram()
        for part in parts.shuffled(using: &random) { merged.merge(part) }
        #expect(merged == all)
        for p in [0.0, 1, 10, 50, 90, 95, 99, 99.9, 100] {
            #expect(merged.percentile(p) == all.percentile(p), "p\(p)")
            // And within a bucket's width (1.6 %) of the exact nearest-rank value.
            let exact = Double(LatencyHistogram.micros(LatencyStats.percentile(p, of: samples) ?? .zero))
            let read = Double(LatencyHistogram.micros(merged.percentile(p) ?? .zero))
            #expect(abs(read - exact) <= exact * 0.016 + 1, "p\(p): \(read) vs \(exact)")
        }
        #expect(merged.mean == all.mean)
        #expect(merged.minimum == all.minimum && merged.maximum == all.maximum)
    }

    @Test("thresholds judged on the merged figures can differ from each shard's verdict")
    func rejudged() throws {
        let chats = LoadFixtures.chats(400, seconds: 40)
        let rule = try LoadThreshold(parsing: "chats>=300")
        let parts = (1...2).map { LoadFixtures.summary(LoadFixtures.shard(chats, $0, of: 2), shard: Shard(index: $0, count: 2), thresholds: [rule]) }
        #expect(parts.allSatisfy { $0.thresholds.first?.passed == false }, "200 chats each")
        var merged = LoadSummary.merged(parts)
        #expect(merged.thresholds.isEmpty, "verdicts are not carried over")
        merged.judge([rule])
        #expect(merged.thresholds.first?.passed == true)
        #expect(merged.thresholds.first?.actual == "400")
    }

    @Test("merging nothing is an empty run; merging one summary changes nothing but the verdicts")
    func edges() throws {
        let empty = LoadSummary.merged([])
        #expect(empty.counts == LoadSummary.Counts())
        #expect(!empty.passed)
        let one = LoadFixtures.summary(LoadFixtures.chats(50, seconds: 5))
        let merged = LoadSummary.merged([one])
        #expect(merged.counts == one.counts && merged.reply == one.reply && merged.timeline == one.timeline)
        #expect(merged.steps == one.steps && merged.failureReasons == one.failureReasons)
    }
}
