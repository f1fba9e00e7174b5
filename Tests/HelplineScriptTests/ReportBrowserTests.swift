import Foundation
import HelplineTestSupport
import Testing

@testable import HelplineScript

/// A real load run against the demo contact center, its HTML report opened in headless Chromium:
/// the DOM the browser built holds the charts with their data, and the page fetches nothing.
@Suite("HTML report in a real browser", .timeLimit(.minutes(3)))
struct ReportBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("a load run's report, opened in headless Chromium, shows the charts and tables with their data")
    func reportInChromium() async throws {
        let browser = try #require(
            Self.chromium,
            "headless Chromium is missing: install the Debian package 'chromium' (apt-get install chromium; `make deps` does it)")
        let harness = try await DemoHarness.start()
        let examples = try DemoHarness.exampleScripts().filter { ["greeting-and-hours", "feedback-quick-reply"].contains($0.name) }
        #expect(examples.count == 2)
        let failing = try ScriptParser.parse(
            "expect Welcome within 60s\nsend hours\nexpect a reply <that never comes> & \"never\" within 300ms\n", name: "never<&>")
        let plan = LoadPlan(scripts: examples + [failing], model: .closed(repetitions: 3, concurrency: 3))
        let rules = try ["reply.p95<60s", "failures<50%"].map(LoadThreshold.init(parsing:))
        let summary = await LoadRun(runner: harness.runner, plan: plan, thresholds: rules).run()
        await harness.server.stop()
        #expect(summary.counts.finished == 9)
        #expect(summary.counts.failed >= 3, "the never<&> runs fail; the examples should pass")
        #expect(summary.reply.count > 0)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try HTMLReport.write(summary, title: "Demo load <test>", to: page.path)
        let html = try String(contentsOf: page, encoding: .utf8)
        let fetches = HTMLProbe.networkReferences(html)
        #expect(fetches.isEmpty, "the page would fetch \(fetches)")

        let dom = try await Self.chromium(browser, ["--dump-dom", page.absoluteString], profile: folder.appendingPathComponent("profile"))
        let hasHistogram = dom.contains("<svg id=\"reply-histogram\"")
        #expect(hasHistogram, "the DOM as Chromium built it:\n\(dom.prefix(2000))")
        let histogram = try #require(HTMLProbe.svg(dom, id: "reply-histogram"))
        let samples = HTMLProbe.elements(histogram, tag: "svg").first?["data-samples"]
        #expect(samples == String(summary.reply.count))
        let bars = HTMLProbe.barCounts(histogram)
        #expect(bars.count > 0)
        #expect(bars.reduce(0, +) == summary.reply.count)
        let markers = HTMLProbe.elements(histogram, tag: "g", containing: "class=\"marker").count
        #expect(markers == 3)

        let steps = HTMLProbe.elements(dom, tag: "tr", containing: "class=\"step\"")
        #expect(steps.count == summary.steps.count)
        #expect(steps.contains { $0["data-script"] == "never<&>" && $0["data-failures"] == "3" })
        let escapedName = dom.contains("never&lt;&amp;&gt;:3")
        #expect(escapedName, "script names stay text")

        for id in ["running-chart", "throughput-chart"] {
            let chart = try #require(HTMLProbe.svg(dom, id: id), "\(id) in the DOM")
            let points = HTMLProbe.elements(chart, tag: "svg").first?["data-points"].flatMap(Int.init) ?? 0
            #expect(points >= 1, "\(id) has points")
            let hasValues = chart.contains("data-values=\"")
            #expect(hasValues, "\(id) carries its values")
        }
        let failures = try #require(HTMLProbe.svg(dom, id: "failures-chart"))
        let failureBars = HTMLProbe.barCounts(failures).reduce(0, +)
        #expect(failureBars == summary.counts.failed)
        let reasonRows = HTMLProbe.elements(dom, tag: "tr", containing: "class=\"reason\"").count
        #expect(reasonRows == summary.failureReasons.count)
        let thresholdRows = HTMLProbe.elements(dom, tag: "tr", containing: "data-passed=").count
        #expect(thresholdRows == 2)
        let failedVerdict = dom.contains("class=\"verdict failed\"")
        #expect(failedVerdict, "three chats failed")
        let domFetches = HTMLProbe.networkReferences(dom)
        #expect(domFetches.isEmpty, "the DOM would fetch \(domFetches)")

        // A screenshot proves the page paints; keep it when HELPLINE_REPORT_SCREENSHOT names a file.
        let shot = folder.appendingPathComponent("report.png")
        _ = try await Self.chromium(
            browser, ["--screenshot=\(shot.path)", "--window-size=1200,3200", "--hide-scrollbars", page.absoluteString],
            profile: folder.appendingPathComponent("profile-shot"))
        let png = try Data(contentsOf: shot)
        #expect(png.count > 10_000 && png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        if let keep = ProcessInfo.processInfo.environment["HELPLINE_REPORT_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: shot, to: URL(fileURLWithPath: keep))
            try FileManager.default.copyItem(at: page, to: URL(fileURLWithPath: keep + ".html"))
        }
    }

    /// Runs headless Chromium with `arguments` and a profile folder of its own; its stdout. Killed
    /// after `timeout`.
    static func chromium(_ path: String, _ arguments: [String], profile: URL, timeout: Duration = .seconds(60)) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)",
        ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The read blocks: a thread of its own, so the cooperative pool stays free.
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        let handle = output.fileHandleForReading
        Thread {
            continuation.yield(handle.readDataToEndOfFile())
            continuation.finish()
        }.start()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        var data = Data()
        for await chunk in stream { data.append(chunk) }
        return String(decoding: data, as: UTF8.self)
    }
}
