import ChatEngine
import DemoServer
import Foundation
import HelplineTestSupport
import Testing
import Transport

@Suite("No credential in the trace or the log (the real binary)", .timeLimit(.minutes(2)))
struct SecretRedactionTests {
    @Test("a chat with --trace and --log-file at trace level: the files never contain the tokens used")
    func grepForTokens() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.jsonl").path
        let log = folder.appendingPathComponent("helpline.log").path
        let apiKey = "secret-api-key-\(UUID().uuidString)"

        // Start the chat ourselves so the test knows the participant token it hands to the binary.
        let reply = try await HTTPTransport(settings: .direct).postJSON(
            url: server.startChatURL.absoluteString, headers: [], body: ["ParticipantDetails": ["DisplayName": "Tess"]])
        let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        let result = (object?["data"] as? [String: Any])?["startChatResult"] as? [String: Any]
        let token = try #require(result?["ParticipantToken"] as? String)

        // Input ends once the bot has answered (a loaded machine may take seconds to), so the
        // trace is sure to hold the reply whatever the timing.
        let helpline = try InteractiveHelpline(
            [
                "connect", "--participant-token", token, "--endpoint-url", server.baseURL.absoluteString, "--plain",
                "--linger", "0", "--trace", trace, "--log-file", log, "--log-level", "trace",
                "--header", "X-Api-Key: \(apiKey)", "--header", "X-Team: qa",
            ],
            environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
        helpline.type("hours")
        #expect(await helpline.waitForOutput("opening hours"), "the bot answers: \(helpline.stderr)")
        helpline.closeInput()
        let status = await helpline.waitForExit(timeout: .seconds(60))
        await server.stop()
        #expect(status == 0, "stderr: \(helpline.stderr)")
        let traced = try String(contentsOfFile: trace, encoding: .utf8)
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(traced.contains("opening hours"), "the trace has the bot's reply")
        #expect(traced.contains(#"["X-Team","qa"]"#))
        for secret in [token, apiKey] {
            #expect(!traced.contains(secret), "a secret leaked into the trace")
            #expect(!logged.contains(secret), "a secret leaked into the log")
        }
        #expect(!traced.contains("\"ConnectionToken\":\"") || traced.contains("\"ConnectionToken\":\"[redacted]\""))
    }
}
