import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `helpline polyai` as a user runs it: the real binary against the PolyAI half of the demo over loopback.
@Suite struct PolyAICLITests {
    static func arguments(_ server: DemoContactCenter, key: String = "demo-key", _ extra: [String] = []) -> [String] {
        ["polyai", "--api-key", key, "--rest-url", server.polyAIRestURL, "--ws-url", server.polyAISocketURL, "--plain", "--new"]
            + extra
    }

    @Test("line mode, streaming on and off: the greeting and the reply are printed once each, whole")
    func plainChat() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        for extra in [[], ["--no-streaming"]] {
            let result = try await InteractiveHelpline.run(Self.arguments(server, extra), input: "hours\n", awaiting: ["opening hours"])
            #expect(result.status == 0, "\(extra) stderr: \(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.contains("Welcome to the Helpline demo") }.count == 1, "\(extra): \(result.stdout)")
            #expect(lines.filter { $0.contains("opening hours") }.count == 1, "\(extra): \(result.stdout)")
            #expect(lines.contains { $0.hasSuffix("You: hours") }, "\(extra): \(result.stdout)")
            #expect(result.stderr.contains("connected"))
            // PolyAI names nobody: the status line does not call the user "You" as if it were a name.
            #expect(result.stderr.contains("-- PolyAI at 127.0.0.1") && !result.stderr.contains("you are You"), "\(result.stderr)")
        }
    }

    @Test("--display-name: sent with the join request, the bot greets by it, and our lines and the transcript carry it")
    func displayName() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("polyai-name-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: transcript) }
        let result = try await InteractiveHelpline.run(
            Self.arguments(server, ["--display-name", "Tess", "--transcript", transcript.path]), input: "hours\n",
            awaiting: ["opening hours"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Hi Tess!"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").contains { $0.hasSuffix("Tess: hours") }, "\(result.stdout)")
        #expect(result.stderr.contains("you are Tess"), "\(result.stderr)")
        let items = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let ours = items.filter { $0["role"] as? String == "customer" && $0["kind"] as? String == "message" }
        #expect(!ours.isEmpty && ours.allSatisfy { $0["name"] as? String == "Tess" }, "\(ours)")
        let blank = try await HelplineBinary.run(Self.arguments(server, ["--display-name", " "]), input: "")
        #expect(blank.status != 0 && blank.stderr.contains("--display-name needs a name"), "\(blank.stderr)")
    }

    @Test("a refused API key: one clear error line, exit ≠ 0, one access-token call and no retry")
    func refusedKey() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        await server.setPolyAIAPIKeys(["the-right-key"])
        let result = try await HelplineBinary.run(Self.arguments(server, key: "a-wrong-key"), input: "hello\n")
        #expect(result.status != 0)
        #expect(result.stderr.lowercased().contains("api key"), "\(result.stderr)")
        #expect(!result.stderr.contains("a-wrong-key"), "the key is never printed")
        #expect(!result.stderr.contains("Fatal error"))
        #expect(await server.polyAIRequestCount("access-token") == 1)
    }

    @Test("an unreachable PolyAI endpoint: the error says where and what, once")
    func unreachable() async throws {
        let result = try await HelplineBinary.run(
            [
                "polyai", "--api-key", "k", "--rest-url", "http://127.0.0.1:9/api/v1", "--ws-url", "ws://127.0.0.1:9/ws", "--plain",
                "--linger", "60",  // stdin ends at once: the chat must fail on its own, not be ended by the user
            ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("connection refused (127.0.0.1:9)"), "\(result.stderr)")
        #expect(!result.stderr.contains("network error: network error"), "\(result.stderr)")
    }
}
