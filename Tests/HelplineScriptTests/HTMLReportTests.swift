import Foundation
import Testing

@testable import HelplineScript

/// Checks on page text that report what is missing, never the whole page.
enum Page {
    /// Expects `page` to hold `text`.
    static func expect(_ page: String, has text: String, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let found = page.contains(text)
        #expect(found, "the page lacks \(text) \(comment)", sourceLocation: sourceLocation)
    }

    /// Expects `page` not to hold `text`.
    static func expect(_ page: String, lacks text: String, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let found = page.contains(text)
        #expect(!found, "the page holds \(text) \(comment)", sourceLocation: sourceLocation)
    }
}

@Suite("HTML report")
struct HTMLReportTests {
    /// Text that must never appear in a report: a number that went wrong.
    static let brokenNumbers = ["NaN", "nan", "Infinity", "inf\"", "-inf", "=\"inf"]

    func expectSane(_ html: String, _ comment: Comment? = nil) {
        for bad in Self.brokenNumbers { Page.expect(html, lacks: bad, "\(comment ?? "")") }
        let fetches = HTMLProbe.networkReferences(html)
        #expect(fetches.isEmpty, "nothing loads from the network")
        Page.expect(html.lowercased(), lacks: "<script", "no scripts")
        let doctype = html.hasPrefix("<!DOCTYPE html>")
        #expect(doctype)
        let (opened, closed) = (html.components(separatedBy: "<svg").count, html.components(separatedBy: "</svg>").count)
        #expect(opened == closed)
    }

    @Test("an empty summary renders: no replies, no failures, no chats, never NaN")
    func empty() {
        let html = HTMLReport.html(LoadSummary(), title: "empty run")
        expectSane(html)
        Page.expect(html, has: "<svg id=\"reply-histogram\"")
        let samples = HTMLProbe.elements(html, tag: "svg", containing: "id=\"reply-histogram\"").first?["data-samples"]
        #expect(samples == "0")
        Page.expect(html, has: "no replies measured")
        Page.expect(html, has: "id=\"failures-none\"")
        Page.expect(html, has: "No failures.")
        Page.expect(html, lacks: "id=\"failures-chart\"")
        Page.expect(html, has: "no chats ran")
        Page.expect(html, has: "id=\"thresholds-none\"")
        Page.expect(html, has: "data-passed=\"false\"", "no chat finished is a failed run")
        Page.expect(html, has: "No chat finished.")
    }

    @Test("every text from the summary is escaped: script names, sources, reasons, thresholds, the title")
    func escaping() {
        let hostile = "<script>alert('x')</script> & \"quoted\""
        var summary = LoadSummary()
        summary.scripts = [hostile]
        summary.shape = "closed: <b>bold</b>"
        summary.shards = ["1/2", "<2/2>"]
        summary.counts.started = 2
        summary.counts.failed = 1
        summary.counts.passed = 1
        var step = LoadSummary.Step(script: hostile, line: 3, source: "expect <img src=x onerror=alert(1)>")
        step.reply.record(.milliseconds(40))
        step.failures = 1
        summary.steps = [step]
        summary.reply.record(.milliseconds(40))
        summary.timeline = [LoadSummary.Second(second: 0)]
        summary.timeline[0].started = 2
        summary.timeline[0].passed = 1
        summary.timeline[0].failed = 1
        var reason = LoadSummary.FailureReason(reason: "\(hostile):3 expected /a<b/ & \"c\"")
        reason.count = 1
        reason.seconds = [[0, 1]]
        summary.failureReasons = [reason]
        summary.thresholds = [.init(expression: "reply.p95<2s&<x>", passed: true, actual: "<40 ms>")]
        let html = HTMLReport.html(summary, title: "Title <i>&</i>")
        expectSane(html)
        Page.expect(html, lacks: "<script>alert")
        Page.expect(html, lacks: "<img")
        Page.expect(html, lacks: "<b>bold")
        Page.expect(html, lacks: "<i>&</i>")
        Page.expect(html, has: "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;")
        Page.expect(html, has: "<title>Title &lt;i&gt;&amp;&lt;/i&gt;</title>")
        Page.expect(html, has: "expect &lt;img src=x onerror=alert(1)&gt;")
        Page.expect(html, has: "reply.p95&lt;2s&amp;&lt;x&gt;")
        Page.expect(html, has: "&lt;40 ms&gt;")
        Page.expect(html, has: "expected /a&lt;b/ &amp; &quot;c&quot;")
        Page.expect(html, has: "&lt;2/2&gt;")
    }

    @Test("the histogram holds every reply: bar counts add up, p50/p95/p99 are marked")
    func histogram() throws {
        let summary = LoadFixtures.summary(LoadFixtures.chats(500, seconds: 60))
        let html = HTMLReport.html(summary, title: "load")
        expectSane(html)
        let svg = try #require(HTMLProbe.svg(html, id: "reply-histogram"))
        let attributes = try #require(HTMLProbe.elements(svg, tag: "svg").first)
        #expect(attributes["data-samples"] == String(summary.reply.count))
        #expect(attributes["data-scale"] == "log", "1 ms to 8 s is drawn on a log axis")
        let bars = HTMLProbe.barCounts(svg)
        #expect(!bars.isEmpty && bars.count <= HistogramChart.maxBins)
        #expect(bars.reduce(0, +) == summary.reply.count)
        let markers = HTMLProbe.elements(svg, tag: "g", containing: "class=\"marker")
        #expect(markers.compactMap { $0["data-percentile"] } == ["50", "95", "99"])
        for marker in markers {
            let p = try #require(marker["data-percentile"].flatMap(Double.init))
            let expected = try #require(summary.reply.percentile(p))
            #expect(marker["data-micros"] == String(LatencyHistogram.micros(expected)))
        }
        Page.expect(svg, has: "reply latency (logarithmic scale)")
        Page.expect(svg, has: ">10 ms<")
        Page.expect(svg, has: ">1 s<")
    }

    @Test("narrow latencies get a linear axis; one sample is one bar")
    func linearHistogram() throws {
        var one = LatencyHistogram()
        one.record(.milliseconds(25))
        let single = HistogramChart.bins(one)
        #expect(!single.scale.logarithmic)
        #expect(single.bins.map(\.count).reduce(0, +) == 1)
        #expect(single.bins.filter { $0.count > 0 }.count == 1)
        var narrow = LatencyHistogram()
        for ms in 20...60 { narrow.record(.milliseconds(Int64(ms))) }
        let drawn = HistogramChart.bins(narrow)
        #expect(!drawn.scale.logarithmic)
        #expect(drawn.scale.low == 0, "latencies near 0 start the axis at 0")
        #expect(drawn.bins.map(\.count).reduce(0, +) == 41)
        #expect(drawn.ticks.count >= 3)
        let svg = HistogramChart.svg(narrow)
        Page.expect(svg, has: "data-unit=\"ms\"")
        let measured = HTMLProbe.barCounts(svg).reduce(0, +)
        #expect(measured == 41)
    }

    @Test("the step table has a row per expect step with its percentiles and failures")
    func stepTable() throws {
        let summary = LoadFixtures.summary(LoadFixtures.chats(200, seconds: 30))
        let html = HTMLReport.html(summary, title: "steps")
        let rows = HTMLProbe.elements(html, tag: "tr", containing: "class=\"step\"")
        #expect(rows.count == summary.steps.count)
        #expect(rows.count == 3)
        for (row, step) in zip(rows, summary.steps) {
            #expect(row["data-script"] == "greeting")
            #expect(row["data-line"] == String(step.line))
            #expect(row["data-count"] == String(step.reply.count))
            #expect(row["data-failures"] == String(step.failures))
        }
        Page.expect(html, has: "greeting:3")
        Page.expect(html, has: ReportFormat.latency(summary.steps[0].reply.percentile(99)))
    }

    @Test("one second of timeline draws one point of each series")
    func oneSecond() throws {
        var summary = LoadSummary()
        summary.counts.started = 1
        summary.counts.passed = 1
        summary.timeline = [LoadSummary.Second(second: 0)]
        summary.timeline[0].started = 1
        summary.timeline[0].passed = 1
        summary.reply.record(.milliseconds(12))
        let html = HTMLReport.html(summary, title: "short")
        expectSane(html)
        let running = try #require(HTMLProbe.elements(html, tag: "svg", containing: "id=\"running-chart\"").first)
        #expect(running["data-points"] == "1")
        #expect(running["data-bucket-seconds"] == "1")
        let throughput = try #require(HTMLProbe.elements(html, tag: "svg", containing: "id=\"throughput-chart\"").first)
        #expect(throughput["data-finished"] == "1")
        Page.expect(html, has: "data-passed=\"true\"")
    }

    @Test("an hour of timeline is gathered into clock-sized buckets; many reasons become top five and other")
    func longTimeline() throws {
        var summary = LoadSummary()
        summary.timeline = (0..<3600).map { second in
            var record = LoadSummary.Second(second: second)
            record.started = 3
            record.passed = second > 0 ? 2 : 0
            record.failed = second > 0 ? 1 : 0
            record.replies = 6
            return record
        }
        summary.counts.started = 3 * 3600
        summary.counts.passed = 2 * 3599
        summary.counts.failed = 3599
        summary.failureReasons = (0..<8).map { index in
            var reason = LoadSummary.FailureReason(reason: "script:\(index) reason number \(index)")
            reason.seconds = stride(from: 1 + index, to: 3600, by: 8).map { [$0, 1] }
            reason.count = reason.seconds.count
            return reason
        }
        let html = HTMLReport.html(summary, title: "an hour")
        expectSane(html)
        let running = try #require(HTMLProbe.elements(html, tag: "svg", containing: "id=\"running-chart\"").first)
        let points = try #require(running["data-points"].flatMap(Int.init))
        #expect(points <= TimelineCharts.maxBuckets && points >= 100, "\(points) points")
        #expect(running["data-bucket-seconds"] == "15")
        #expect(running["data-seconds"] == "3600")
        let failures = try #require(HTMLProbe.svg(html, id: "failures-chart"))
        let chart = try #require(HTMLProbe.elements(failures, tag: "svg").first)
        #expect(chart["data-series"] == "6", "five reasons and other")
        #expect(chart["data-total"] == String(summary.failureReasons.reduce(0) { $0 + $1.count }))
        let measured = HTMLProbe.barCounts(failures).reduce(0, +)
        #expect(measured == summary.counts.failed)
        let seconds = Set(HTMLProbe.elements(failures, tag: "rect", containing: "class=\"bar").compactMap { $0["data-second"] })
        #expect(seconds.count <= FailureChart.maxBars)
        Page.expect(html, has: "other (3 reasons)")
        Page.expect(html, has: "time since start (m:ss)")
        Page.expect(html, has: ">1:00:00<", "the last tick reads as a clock time")
        // Three start and three end each second: three run at once throughout.
        #expect(running["data-peak"] == "3")
    }

    @Test("thresholds are listed with ✔/✘ and the measured value; the verdict says why")
    func thresholds() throws {
        let chats = LoadFixtures.chats(100, seconds: 10)
        let rules = try ["reply.p95<60s", "failures<0.1%"].map(LoadThreshold.init(parsing:))
        let summary = LoadFixtures.summary(chats, thresholds: rules)
        let html = HTMLReport.html(summary, title: "rules")
        let rows = HTMLProbe.elements(html, tag: "tr", containing: "data-passed=")
        #expect(rows.map { $0["data-passed"] } == ["true", "false"])
        Page.expect(html, has: "✔")
        Page.expect(html, has: "✘")
        Page.expect(html, has: summary.thresholds[1].actual)
        Page.expect(html, has: "1 of 2 thresholds not met")
        Page.expect(html, has: "class=\"verdict failed\"")
    }

    @Test("axis steps are round and never degenerate")
    func scales() {
        #expect(ChartScale.niceStep(0.7) == 1)
        #expect(ChartScale.niceStep(13) == 20)
        #expect(ChartScale.niceStep(420) == 500)
        #expect(ChartScale.niceStep(.nan) == 1)
        #expect(ChartScale.counts(upTo: 0).ticks == [0, 1])
        #expect(ChartScale.counts(upTo: 7).ticks == [0, 2, 4, 6, 8])
        #expect(ChartScale(linear: 5, 5).fraction(5) == 0)
        #expect(ChartScale(log: 0, 0).fraction(3).isFinite)
        #expect(ChartScale.timeStep(covering: 1, parts: 240) == 1)
        #expect(ChartScale.timeStep(covering: 3600, parts: 240) == 15)
        #expect(ChartScale.timeStep(covering: 86400 * 3, parts: 8) == 43200)
        #expect(ReportFormat.number(.nan) == "0")
        #expect(ReportFormat.elapsed(milliseconds: 3_723_000) == "1 h 02 min")
        #expect(ReportFormat.elapsed(milliseconds: 125_000) == "2 min 05 s")
        #expect(ReportFormat.clock(3725, long: true) == "1:02:05")
        #expect(ReportFormat.escape("a\u{7}b\u{85}c") == "abc")
    }
}
