import Foundation
import HelplineTestSupport
import Testing

@testable import HelplineScript

/// `expect-transcript FILE` against the demo: a missing golden file is written from the run, a match
/// passes, a mismatch fails with a unified diff, placeholders absorb what varies, and the update
/// switch (HELPLINE_UPDATE_GOLDEN=1) rewrites the file.
@Suite("Golden transcripts against the demo", .timeLimit(.minutes(3)))
struct GoldenScriptTests {
    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    private func log(_ result: ScriptResult) -> String {
        result.steps.map { StepLog.line($0) }.joined(separator: "\n")
    }

    @Test("missing → written (and failed); then it passes; edited, it fails with a diff; placeholders make it pass again")
    func goldenLifecycle() async throws {
        var harness = try await DemoHarness.start()
        let folder = try RecordingDemoTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("hours.hls")
        let golden = folder.appendingPathComponent("hours.golden")
        try write("expect Welcome\nsend hours\nexpect opening hours\nexpect-transcript hours.golden\nend\n", to: script)

        let first = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        #expect(first.failures.map(\.step.line) == [4], "\(log(first))")
        #expect(first.failures.first?.failure?.contains("there was no golden file") == true, "\(log(first))")
        var text = try String(contentsOf: golden, encoding: .utf8)
        #expect(text.contains("{{me}}: hours\nHelpline Bot: Our (pretend) opening hours:\n  | Day | Hours |\n"), "\(text)")
        #expect(text.contains("| Mon-Fri | {{time}}-{{time}} |"), "times are written as placeholders:\n\(text)")
        #expect(try FileManager.default.attributesOfItem(atPath: golden.path)[.posixPermissions] as? Int == 0o600)

        let second = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        #expect(second.passed, "\(log(second))")

        try write(text.replacingOccurrences(of: "Our (pretend) opening hours:", with: "Our opening hours:"), to: golden)
        let third = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        let failure = try #require(third.failures.first?.failure, "\(log(third))")
        #expect(third.failures.map(\.step.line) == [4])
        #expect(failure.contains("the transcript differs from \(golden.path)"), "\(failure)")
        let diff = failure.split(separator: "\n").dropFirst().map(String.init)
        #expect(diff.first == "--- hours.golden (golden)" && diff.dropFirst().first == "+++ this run", "\(failure)")
        #expect(diff.contains { $0.hasPrefix("@@ -") }, "\(failure)")
        #expect(diff.contains("-Helpline Bot: Our opening hours:"), "\(failure)")
        #expect(diff.contains("+Helpline Bot: Our (pretend) opening hours:"), "\(failure)")
        #expect(diff.contains(" {{me}}: hours"), "a context line before the change: \(failure)")
        #expect(diff.contains("   | Day | Hours |"), "a context line after the change: \(failure)")
        let logged = StepLog.line(third.failures[0])
        #expect(logged.contains("\n          -Helpline Bot: Our opening hours:"), "the step log indents the diff:\n\(logged)")

        text = text.replacingOccurrences(
            of: "Helpline Bot: Hi {{me}}! Welcome to the Helpline demo.", with: "Helpline Bot: Hi {{me}}! {{any}} the {{/Help\\w+/}} demo.")
        text = text.replacingOccurrences(of: "| Sat | {{time}}-{{time}} |", with: "| Sat | {{number}}:00-{{number}}:00 |")
        try write(text, to: golden)
        let fourth = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        #expect(fourth.passed, "\(log(fourth))\n\(text)")

        try write("# nothing like this run\nHelpline Bot: something else\n", to: golden)
        harness.runner.updatesGolden = true
        let update = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        #expect(update.passed, "\(log(update))")
        #expect(try String(contentsOf: golden, encoding: .utf8).contains("Our (pretend) opening hours:"))
        await harness.server.stop()
    }

    @Test("the transcript so far ends with what the script has read: a reply no step has read yet is left out")
    func onlyWhatWasRead() async throws {
        let harness = try await DemoHarness.start()
        let folder = try RecordingDemoTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("early.hls")
        try write("expect Welcome\nsend hours\nwait 1s\nexpect-transcript early.golden\nexpect opening hours\nend\n", to: script)
        let result = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        await harness.server.stop()
        #expect(result.failures.map(\.step.line) == [4], "\(log(result))")
        let text = try String(contentsOf: folder.appendingPathComponent("early.golden"), encoding: .utf8)
        #expect(text.hasSuffix("{{me}}: hours\n"), "the reply to hours had come, but no step had read it:\n\(text)")
    }

    @Test("a golden file with a bad placeholder fails the step with its file and line")
    func badGolden() async throws {
        let harness = try await DemoHarness.start()
        let folder = try RecordingDemoTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("bad.hls")
        try write("expect Welcome\nexpect-transcript bad.golden\nend\n", to: script)
        let golden = folder.appendingPathComponent("bad.golden")
        try write("# header\nHelpline Bot: Hi {{customer}}!\n", to: golden)
        let result = await harness.runner.run(try ScriptParser.parse(fileAt: script.path))
        await harness.server.stop()
        #expect(result.failures.first?.failure?.hasPrefix("\(golden.path):2: unknown placeholder {{customer}}") == true, "\(log(result))")
    }
}
