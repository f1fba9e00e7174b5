import Foundation
import HelplineTestSupport
import Synchronization
import Testing

@testable import HelplineScript

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Scripts against the demo contact center", .timeLimit(.minutes(3)))
struct DemoScriptTests {
    @Test("every example script in Resources/scripts passes")
    func examplesPass() async throws {
        let harness = try await DemoHarness.start()
        let scripts = try DemoHarness.exampleScripts()
        #expect(scripts.count >= 4)
        for script in scripts {
            let result = await harness.runner.run(script)
            let log = result.steps.map { StepLog.line($0) }.joined(separator: "\n")
            #expect(result.passed, "\(script.name):\n\(log)")
        }
        await harness.server.stop()
    }

    @Test("unmet expectations fail, one failure each, and the run goes on")
    func failingScript() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse(
            """
            expect Welcome within 60s
            send hours
            expect this text is never sent within 10s
            expect-event joined Nobody within 300ms
            pick 1
            send bye
            expect Goodbye within 60s
            """, name: "failing")
        let result = await harness.runner.run(script)
        #expect(!result.passed)
        #expect(result.failures.map(\.step.line) == [3, 4, 5])
        #expect(
            result.failures[0].failure?.contains("expected /this text is never sent/, got Helpline Bot:") == true,
            "\(result.failures.map { $0.failure ?? "" })")
        #expect(result.failures[2].failure == "no interactive message to pick from")
        #expect(result.steps[6].passed)
        #expect(result.replyLatencies.count == 2)
        await harness.server.stop()
    }

    @Test("steps without `within` wait as long as the runner's patience (--expect-timeout)")
    func patience() async throws {
        var harness = try await DemoHarness.start()
        harness.runner.patience = .seconds(2)
        let script = try ScriptParser.parse("expect Welcome within 60s\nexpect-event left Nobody\n", name: "patience")
        let result = await harness.runner.run(script)
        await harness.server.stop()
        #expect(result.steps[0].passed)
        #expect(result.failures.map(\.step.line) == [2])
        #expect(result.failures.first?.failure == "no left event for /Nobody/ within 2.00 s", "\(result.failures)")
    }

    @Test("pick answers through the engine (a list's next page, a form's action) and set fills in a form")
    func pickAndSet() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse(
            """
            expect Welcome within 30s
            send departments
            expect department within 30s
            pick 4
            expect Insurance within 30s
            pick 2
            expect Savings it is within 30s
            send address
            expect form from the contact center within 30s
            set Street 12 Pine St
            set Floor 3
            pick 1
            expect Thanks, address updated to 12 Pine St within 30s
            """, name: "forms")
        let result = await harness.runner.run(script)
        let log = Comment(rawValue: result.steps.map { StepLog.line($0) }.joined(separator: "\n"))
        #expect(result.failures.map(\.step.line) == [11], log)
        #expect(result.failures.first?.failure?.contains("no field Floor") == true, log)
        #expect(result.steps[3].detail == "picked \"More departments\"", log)
        #expect(result.steps[11].detail == "picked \"Submit\"", log)
        let contactId = try #require(await harness.server.contacts().last)
        let sent = await harness.server.transcript(contactId: contactId).filter { $0.participantRole == "CUSTOMER" && $0.type == "MESSAGE" }
        #expect(sent.contains { $0.contentType.hasSuffix("interactive.response") && $0.content?.contains(#""action":"SHOW_MORE""#) == true }, log)
        #expect(sent.contains {
            $0.contentType.hasSuffix("interactive.response") && $0.content?.contains(#""action":"Submit""#) == true
                && $0.content?.contains("12 Pine St") == true
        }, log)
        await harness.server.stop()
    }

    @Test("JUnit XML parses: one test case per run, one failure per unmet expectation")
    func junit() async throws {
        let harness = try await DemoHarness.start()
        let passing = try ScriptParser.parse("expect Welcome\nsend bye\nexpect Goodbye\n", name: "passing")
        let failing = try ScriptParser.parse(
            "expect Welcome\nexpect <never> & \"never\" within 200ms\nexpect-event queue within 200ms\n", name: "failing")
        let plan = LoadPlan(scripts: [passing, failing], model: .closed(repetitions: 1, concurrency: 1))
        // Without the saturation guard, so the cases are only the runs' (LoadSaturationTests has the machine's).
        let run = await LoadRun(runner: harness.runner, plan: plan, saturationLimits: nil).run()
        await harness.server.stop()
        let xml = JUnitReport.xml(suite: "demo", summary: run)
        let summary = try JUnitSummary.parse(xml)
        #expect(summary.suites == ["demo"])
        #expect(summary.cases == ["passing", "failing"])
        #expect(summary.failuresByCase == ["failing": 2])
        #expect(summary.failureMessages.first?.hasPrefix("line 2: ") == true)
        #expect(summary.testsAttribute == "2" && summary.failuresAttribute == "1")
    }

    @Test("repeated and concurrent runs report every run")
    func batch() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse("expect Welcome\nsend hours\nexpect opening hours\nend\n", name: "hours")
        let lines = LineCollector()
        let one = LoadPlan(scripts: [script], model: .closed(repetitions: 2, concurrency: 1))
        let sequential = await LoadRun(runner: harness.runner, plan: one).run(log: { lines.add($0) })
        #expect(sequential.counts.passed == 2 && sequential.runs.count == 2 && sequential.passed)
        #expect(lines.all.contains { $0.contains("ok      3  expect opening hours  [") })
        let progress = Mutex<[LoadProgress]>([])
        let four = LoadPlan(scripts: [script], model: .closed(repetitions: 8, concurrency: 4))
        let concurrent = await LoadRun(runner: harness.runner, plan: four).run(progress: { line in progress.withLock { $0.append(line) } })
        #expect(concurrent.counts.passed == 8 && concurrent.counts.failed == 0 && concurrent.peakRunning <= 4)
        #expect(progress.withLock { $0.last }.map { $0.passed == 8 && $0.running == 0 && $0.planned == 8 } == true)
        let summary = StepLog.summary(.merged([sequential, concurrent]))
        #expect(summary.hasPrefix("10 run(s): 10 passed, 0 failed; reply latency p50 "))
        await harness.server.stop()
    }
}

/// Collects output lines from concurrent callers.
final class LineCollector: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
