import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// The `helpline` executable: bad input gets one clear line and a non-zero exit; a plain chat works.
@Suite struct CLITests {
    func expectOneLineError(_ result: HelplineBinary.Result, mentioning words: [String], _ comment: Comment? = nil) {
        #expect(result.status != 0, comment)
        let lines = result.stderr.split(separator: "\n").filter { $0.lowercased().contains("error") }
        #expect(lines.count >= 1, "an error line on stderr: \(result.stderr)")
        let text = result.stderr.lowercased()
        for word in words { #expect(text.contains(word.lowercased()), "stderr mentions \(word): \(result.stderr)") }
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "no crash")
    }

    @Test func unknownFlag() async throws {
        let result = try await HelplineBinary.run(["connect", "--participant-token", "t", "--bogus"])
        expectOneLineError(result, mentioning: ["--bogus"])
    }

    @Test func missingDisplayName() async throws {
        let result = try await HelplineBinary.run(["connect", "--start-url", "http://127.0.0.1:9/Prod"])
        expectOneLineError(result, mentioning: ["--display-name"])
    }

    @Test func badURLAndRegion() async throws {
        expectOneLineError(try await HelplineBinary.run(["connect", "--start-url", "ftp://x", "--display-name", "M"]), mentioning: ["http"])
        expectOneLineError(try await HelplineBinary.run(["connect", "--participant-token", "t", "--region", "mars"]), mentioning: ["region"])
    }

    @Test func unreachableStartURL() async throws {
        let result = try await HelplineBinary.run(
            ["connect", "--start-url", "http://127.0.0.1:9/Prod", "--display-name", "Maria", "--plain"])
        expectOneLineError(result, mentioning: ["127.0.0.1:9", "refused"])
    }

    @Test func nonJSONStartReply() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let url = server.baseURL.appendingPathComponent("not-a-start-url").absoluteString
        let result = try await HelplineBinary.run(["connect", "--start-url", url, "--display-name", "Maria", "--plain"])
        expectOneLineError(result, mentioning: ["not the expected JSON"])
    }

    @Test func refusedParticipantToken() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let result = try await HelplineBinary.run(
            ["connect", "--participant-token", "expired-token", "--endpoint-url", server.baseURL.absoluteString, "--plain"])
        expectOneLineError(result, mentioning: ["access denied"])
    }

    @Test func plainChatPrintsTheTranscriptAndEndsCleanly() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-\(UUID().uuidString).jsonl")
        let state = transcript.deletingPathExtension().path + "-state"
        defer {
            try? FileManager.default.removeItem(at: transcript)
            try? FileManager.default.removeItem(atPath: state)
        }
        // Input ends once the bot has answered, however long a loaded machine takes to.
        let helpline = try InteractiveHelpline(
            [
                "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
                "--display-name", "Maria", "--plain", "--linger", "1", "--transcript", transcript.path, "--new",
            ],
            environment: ["XDG_STATE_HOME": state])
        helpline.type("hours")
        #expect(await helpline.waitForOutput("opening hours"), "the bot answers: \(helpline.stderr)")
        helpline.closeInput()
        let status = await helpline.waitForExit(timeout: .seconds(60))
        let result = (status: status, stdout: helpline.stdout, stderr: helpline.stderr)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.range(of: #"^\d\d:\d\d:\d\d Maria: hours$"#, options: .regularExpression) != nil }, "\(result.stdout)")
        #expect(lines.contains { $0.contains("Helpline demo") })
        #expect(!result.stdout.contains("\u{1B}["), "no escape codes when stdout is not a terminal")
        #expect(result.stderr.contains("connected"))
        let records = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        // A later line with the same key (localId, else id) updates the item: replayed, "hours" is one item.
        let mine = records.filter { $0["text"] as? String == "hours" }
        #expect(!mine.isEmpty && Set(mine.compactMap { $0["localId"] as? String }).count == 1, "one message: \(mine)")
        #expect(mine.first?["role"] as? String == "customer" && mine.first?["delivery"] as? String == "sent")
        #expect(mine.last?["delivery"] as? String == "read", "the bot read it, and the file says so")
        #expect(records.allSatisfy { $0["id"] != nil && $0["time"] != nil && $0["role"] != nil && $0["contentType"] != nil })
        let attributes = try FileManager.default.attributesOfItem(atPath: transcript.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
