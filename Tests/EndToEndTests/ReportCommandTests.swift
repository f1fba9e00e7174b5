import Foundation
import HelplineTestSupport
import HelplineScript
import Testing

/// `helpline report merge` as users run it: the built executable, real files, exit statuses.
@Suite("helpline report merge (the executable)", .timeLimit(.minutes(2)))
struct ReportCommandTests {
    /// A folder of its own for each test, removed at the end.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-merge-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
            return path(name)
        }
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    }

    /// A shard's summary: `passed` and `failed` chats with replies of `replyMs` milliseconds, judged by `rules`.
    static func shard(_ index: Int, of count: Int, passed: Int, failed: Int, replyMs: Int64, rules: [String] = []) throws -> LoadSummary {
        var summary = LoadSummary()
        summary.scripts = ["greeting"]
        summary.shape = "closed: \((passed + failed) * count) run(s), 4 at once"
        summary.shards = ["\(index)/\(count)"]
        summary.startedAt = Date(timeIntervalSince1970: 1_700_000_000)
        summary.durationMs = 2000
        summary.counts.planned = passed + failed
        summary.counts.started = passed + failed
        summary.counts.passed = passed
        summary.counts.failed = failed
        var step = LoadSummary.Step(script: "greeting", line: 3, source: "expect opening hours")
        var second = LoadSummary.Second(second: 0)
        second.started = passed + failed
        second.passed = passed
        second.failed = failed
        for chat in 0..<(passed + failed) {
            let latency = Duration.milliseconds(replyMs + Int64(chat))
            summary.reply.record(latency)
            step.reply.record(latency)
            summary.chat.record(latency * 2)
            second.replies += 1
            let ok = chat < passed
            summary.runs.append(
                .init(
                    name: "greeting", passed: ok, durationMs: replyMs * 2, failures: ok ? [] : ["line 3: no agent/bot reply within 10 s"],
                    failedSources: ok ? [] : ["expect opening hours"]))
        }
        step.failures = failed
        summary.steps = [step]
        summary.timeline = [second]
        if failed > 0 {
            var reason = LoadSummary.FailureReason(reason: "greeting:3 no agent/bot reply within 10 s")
            reason.count = failed
            reason.seconds = [[0, failed]]
            summary.failureReasons = [reason]
        }
        summary.judge(try rules.map(LoadThreshold.init(parsing:)))
        return summary
    }

    static func save(_ summary: LoadSummary, _ name: String, in folder: Folder) throws -> String {
        try summary.json().write(to: URL(fileURLWithPath: folder.path(name)))
        return folder.path(name)
    }

    /// One `Error:` line on stderr, mentioning `words`, and exit status `status`; nothing written.
    func expectRefused(_ result: HelplineBinary.Result, status: Int32 = 64, mentioning words: [String], _ folder: Folder, keeps names: [String]) {
        #expect(result.status == status, "exit status; stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Error: ") == true, "stderr: \(result.stderr)")
        for word in words { #expect(result.stderr.contains(word), "stderr mentions \(word): \(result.stderr)") }
        #expect(!result.stderr.contains("Fatal error"))
        #expect(result.stdout.isEmpty, "nothing on stdout: \(result.stdout)")
        #expect(folder.names == names.sorted(), "nothing was written")
    }

    @Test("two shards merge into one run: the summary line, the outputs, exit 0")
    func mergesTwoShards() async throws {
        let folder = try Folder()
        let a = try Self.save(try Self.shard(1, of: 2, passed: 10, failed: 0, replyMs: 100, rules: ["reply.p95<2s"]), "a.json", in: folder)
        let b = try Self.save(try Self.shard(2, of: 2, passed: 10, failed: 0, replyMs: 300, rules: ["reply.p95<2s", "chats>=20"]), "b.json", in: folder)
        let result = try await HelplineBinary.run([
            "report", "merge", a, b, "--report", folder.path("all.html"), "--junit", folder.path("all.xml"), "--summary", folder.path("all.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)\nstdout: \(result.stdout)")
        #expect(result.stdout.contains("merged 2 summaries (shards 1/2, 2/2)"))
        #expect(result.stdout.contains("20 run(s): 20 passed, 0 failed; reply latency p50 "), "\(result.stdout)")
        #expect(result.stdout.contains("(20 replies)"))
        #expect(result.stdout.contains("✔ threshold reply.p95<2s"), "the inputs' thresholds, judged again")
        #expect(result.stdout.contains("✔ threshold chats>=20 (20)"), "a shard alone had 10; merged there are 20")
        let merged = try LoadSummary.read(try Data(contentsOf: URL(fileURLWithPath: folder.path("all.json"))))
        #expect(merged.counts.passed == 20 && merged.reply.count == 20 && merged.shards == ["1/2", "2/2"])
        #expect(merged.thresholds.map(\.expression) == ["reply.p95<2s", "chats>=20"])
        let html = try String(contentsOfFile: folder.path("all.html"), encoding: .utf8)
        #expect(html.contains("data-samples=\"20\"") && html.contains("Load test: greeting"))
        let xml = try String(contentsOfFile: folder.path("all.xml"), encoding: .utf8)
        #expect(xml.contains("tests=\"22\" failures=\"0\""), "\(xml)")
    }

    @Test("a failed merged run exits 1; --threshold replaces the inputs' rules")
    func failedRun() async throws {
        let folder = try Folder()
        let a = try Self.save(try Self.shard(1, of: 2, passed: 9, failed: 1, replyMs: 100), "a.json", in: folder)
        let b = try Self.save(try Self.shard(2, of: 2, passed: 10, failed: 0, replyMs: 100, rules: ["failures<50%"]), "b.json", in: folder)
        let failing = try await HelplineBinary.run(["report", "merge", a, b])
        #expect(failing.status == 1, "one chat failed: \(failing.stdout)")
        #expect(failing.stdout.contains("20 run(s): 19 passed, 1 failed"))
        #expect(failing.stdout.contains("1× greeting:3 no agent/bot reply within 10 s"))
        #expect(failing.stdout.contains("✔ threshold failures<50% (5.00%)"))
        let strict = try await HelplineBinary.run(["report", "merge", a, b, "--threshold", "reply.p50<1ms"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("✘ threshold reply.p50<1ms"))
        #expect(!strict.stdout.contains("failures<50%"), "the given thresholds replace the inputs'")
    }

    @Test("a summary that is missing, a folder, not JSON, not a summary or another version is refused before anything is written")
    func badInputs() async throws {
        let folder = try Folder()
        let good = try Self.save(try Self.shard(1, of: 1, passed: 3, failed: 0, replyMs: 50), "good.json", in: folder)
        let notJSON = try folder.write("notes.json", "reply p95 was fine <honest>")
        let notSummary = try folder.write("other.json", #"{"name": "package", "version": 1}"#)
        var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: good))) as? [String: Any])
        fields["counts"] = ["planned": "many"]
        try JSONSerialization.data(withJSONObject: fields).write(to: URL(fileURLWithPath: folder.path("broken.json")))
        let broken = folder.path("broken.json")
        var future = try Self.shard(1, of: 1, passed: 1, failed: 0, replyMs: 50)
        future.version = 99
        let newer = try Self.save(future, "newer.json", in: folder)
        let existing = ["good.json", "notes.json", "other.json", "broken.json", "newer.json"]
        let out = ["--report", folder.path("out.html"), "--summary", folder.path("out.json")]
        let cases: [([String], [String])] = [
            ([good, folder.path("missing.json")], ["missing.json", "no such file"]),
            ([good, folder.url.path], ["is a folder"]),
            ([good, notJSON], ["notes.json is not JSON"]),
            ([notSummary, good], ["other.json is not a load summary"]),
            ([good, broken], ["broken.json is not a valid load summary: counts.planned has the wrong type"]),
            ([good, newer], ["newer.json is a version 99 summary", "version 1"]),
        ]
        for (inputs, words) in cases {
            let result = try await HelplineBinary.run(["report", "merge"] + inputs + out)
            expectRefused(result, mentioning: words, folder, keeps: existing)
        }
    }

    @Test("an output that cannot be written is refused before anything is written")
    func badOutputs() async throws {
        let folder = try Folder()
        let good = try Self.save(try Self.shard(1, of: 1, passed: 3, failed: 0, replyMs: 50), "good.json", in: folder)
        try FileManager.default.createDirectory(atPath: folder.path("dir"), withIntermediateDirectories: false)
        let cases: [([String], [String])] = [
            (["--junit", folder.path("ok.xml"), "--report", folder.path("no/such/folder/r.html")], ["--report", "does not exist"]),
            (["--summary", folder.path("ok.json"), "--junit", folder.path("dir")], ["--junit", "is a folder"]),
            (["--summary", good], ["--summary", "one of the summaries being merged"]),
            (["--report", folder.path("same"), "--junit", folder.path("same")], ["name the same file"]),
        ]
        for (options, words) in cases {
            let result = try await HelplineBinary.run(["report", "merge", good] + options)
            expectRefused(result, mentioning: words, folder, keeps: ["dir", "good.json"])
        }
    }

    @Test("usage errors: no summaries, a bad threshold (exit 64 with the usage)")
    func usageErrors() async throws {
        let none = try await HelplineBinary.run(["report", "merge"])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: give at least one summary file"), "\(none.stderr)")
        let folder = try Folder()
        let good = try Self.save(try Self.shard(1, of: 1, passed: 3, failed: 0, replyMs: 50), "good.json", in: folder)
        let bad = try await HelplineBinary.run(["report", "merge", good, "--threshold", "reply.p95~2s", "--report", folder.path("r.html")])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --threshold 'reply.p95~2s': no comparison"), "\(bad.stderr)")
        #expect(folder.names == ["good.json"])
    }

    @Test("missing or duplicated shards are warned about, and the merge goes on")
    func shardWarnings() async throws {
        let folder = try Folder()
        let one = try Self.save(try Self.shard(1, of: 3, passed: 2, failed: 0, replyMs: 50), "1.json", in: folder)
        let result = try await HelplineBinary.run(["report", "merge", one, one])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: shard 1/3 is in 2 summaries"), "\(result.stderr)")
        #expect(result.stderr.contains("shards 2/3, 3/3 missing"), "\(result.stderr)")
    }
}
