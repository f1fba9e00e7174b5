import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `helpline script` as a load tool, through the real binary: load shapes, thresholds, summaries
/// and the refusals that come before any chat starts.
@Suite("helpline script load runs (binary)", .timeLimit(.minutes(3)))
struct LoadCLITests {
    static func scriptFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("load-\(UUID().uuidString).hls")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let flow = "expect Welcome\nsend hours\nexpect opening hours\nend\n"

    @Test("bad load options get one clear line and exit 64 before any chat is started")
    func badInput() async throws {
        let script = try Self.scriptFile(Self.flow)
        // An unreachable backend: had a chat been started, the error would be about the connection.
        let backend = ["--start-url", "http://127.0.0.1:9/Prod"]
        let cases: [([String], String)] = [
            (["--threshold", "reply.p95<<2s"], "--threshold"),
            (["--threshold", "latency.p95<2s"], "unknown metric"),
            (["--rate", "0/s", "--duration", "10s"], "above 0"),
            (["--rate", "10/s"], "needs --duration"),
            (["--rate", "10/s", "--duration", "5s", "--repeat", "3"], "--repeat"),
            (["--ramp", "5s:10/s,10s:20/s"], "first point"),
            (["--shard", "5/4"], "--shard"),
            (["--ramp-up", "soon"], "--ramp-up"),
            (["--ramp-up", "2h"], "at most 1h"),
            (["--rate", "10/s", "--duration", "5s", "--ramp-up", "10s"], "closed-model"),
            (["--concurrency", "10001"], "10000"),
            (["--report", "/nonexistent-folder/report.html"], "does not exist"),
            (["--summary", FileManager.default.temporaryDirectory.path], "is a folder"),
            (["--junit", "/proc/version"], "--junit"),
        ]
        for (options, words) in cases {
            let result = try await HelplineBinary.run(["script", script] + backend + options, timeout: .seconds(20))
            #expect(result.status == 64, "\(options): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(options) → \(result.stderr)")
            #expect(!result.stderr.contains("refused") && !result.stdout.contains("run(s)"), "no chat was started: \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").first.map { $0.hasPrefix("Error:") } == true, "\(result.stderr)")
        }
    }

    @Test("an open-model run starts rate × duration chats, and a broken threshold fails it by name in the summary, JSON and JUnit")
    func openModelWithThresholds() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let script = try Self.scriptFile(Self.flow)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let summaryPath = folder.appendingPathComponent("summary.json").path
        let junitPath = folder.appendingPathComponent("junit.xml").path
        let result = try await HelplineBinary.run(
            [
                "script", script, "--start-url", server.baseURL.appendingPathComponent("Prod").absoluteString,
                "--endpoint-url", server.baseURL.absoluteString, "--rate", "10/s", "--duration", "2s", "--expect-timeout", "60",
                "--threshold", "failures<1%", "--threshold", "reply.p95<1ms", "--summary", summaryPath, "--junit", junitPath,
                // The exit status checked here is the thresholds' (1), whatever else runs on this machine now.
                "--no-saturation-guard",
            ], timeout: .seconds(90))
        #expect(result.status == 1, "a broken threshold fails the run: \(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("20 run(s): 20 passed, 0 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("✔ threshold failures<1% (0.00%)"), "\(result.stdout)")
        #expect(result.stdout.contains("✘ threshold reply.p95<1ms"), "\(result.stdout)")
        #expect(result.stderr.contains("progress: "), "progress goes to stderr: \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summaryPath))) as? [String: Any]
        let counts = json?["counts"] as? [String: Any]
        #expect(counts?["started"] as? Int == 20 && counts?["passed"] as? Int == 20 && counts?["dropped"] as? Int == 0)
        let reply = json?["reply"] as? [String: Any]
        #expect(reply?["count"] as? Int == 20 && (reply?["p95_ms"] as? Double ?? 0) >= 10)
        let verdicts = json?["thresholds"] as? [[String: Any]] ?? []
        #expect(verdicts.map { $0["passed"] as? Bool } == [true, false])
        let junit = try String(contentsOfFile: junitPath, encoding: .utf8)
        #expect(junit.contains(#"tests="22" failures="1""#), "\(junit.prefix(400))")
        #expect(junit.contains(#"name="reply.p95&lt;1ms""#) && junit.contains("ThresholdFailed"))
    }

    @Test("four shards run as separate processes against one helpline serve merge into the counts of one whole run")
    func shardsAsProcesses() async throws {
        let serve = try ServeProcess(["--port", "0", "--reply-delay", "10"])
        try await serve.whileRunning {
            let line = try #require(await serve.line(containing: "listening on "), "\(serve.errors)")
            let base = String(line.dropFirst("listening on ".count)).trimmingCharacters(in: .whitespaces)
            let hours = try Self.scriptFile("expect Welcome\nsend hours\nexpect opening hours\nend\n")
            let order = try Self.scriptFile("expect Welcome\nsend order\nexpect Order\nend\n")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            func run(_ extra: [String], summary: String) async throws -> HelplineBinary.Result {
                try await HelplineBinary.run(
                    ["script", hours, order, "--start-url", base + "/Prod", "--endpoint-url", base, "--repeat", "7", "--concurrency", "4", "--expect-timeout", "60",
                     "--summary", folder.appendingPathComponent(summary).path] + extra, timeout: .seconds(120))
            }
            let whole = try await run([], summary: "whole.json")
            #expect(whole.status == 0, "\(whole.stdout) \(whole.stderr)")
            async let one = run(["--shard", "1/4"], summary: "s1.json")
            async let two = run(["--shard", "2/4"], summary: "s2.json")
            async let three = run(["--shard", "3/4"], summary: "s3.json")
            async let four = run(["--shard", "4/4"], summary: "s4.json")
            let shards = try await [one, two, three, four]
            #expect(shards.map(\.status) == [0, 0, 0, 0], "\(shards.map(\.stderr))")
            #expect(shards.map { $0.stdout.split(separator: "\n").last { $0.contains("run(s):") }?.prefix(3) ?? "" } == ["4 r", "4 r", "3 r", "3 r"])
            let merged = try await HelplineBinary.run(
                ["report", "merge"] + (1...4).map { folder.appendingPathComponent("s\($0).json").path }
                    + ["--summary", folder.appendingPathComponent("merged.json").path,
                       "--report", folder.appendingPathComponent("merged.html").path])
            #expect(merged.status == 0, "\(merged.stdout) \(merged.stderr)")
            #expect(merged.stdout.contains("\n14 run(s): 14 passed, 0 failed"), "\(merged.stdout)")
            func figures(_ name: String) throws -> [String] {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let counts = json["counts"] as? [String: Int] ?? [:]
                let steps = (json["steps"] as? [[String: Any]] ?? []).map { step in
                    "\(step["script"] ?? ""):\(step["line"] ?? "") \((step["reply"] as? [String: Any])?["count"] ?? "")"
                }
                let runs = (json["runs"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "")" }.sorted()
                return counts.keys.sorted().map { "\($0)=\(counts[$0] ?? -1)" } + steps.sorted() + runs
                    + ["reply=\((json["reply"] as? [String: Any])?["count"] ?? "")", "chat=\((json["chat"] as? [String: Any])?["count"] ?? "")"]
            }
            #expect(try figures("merged.json") == figures("whole.json"))
            #expect(try figures("whole.json").contains("passed=14"))
            let html = try String(contentsOf: folder.appendingPathComponent("merged.html"), encoding: .utf8)
            #expect(html.contains("<svg") && html.contains("1/4"))
        }
    }
}
