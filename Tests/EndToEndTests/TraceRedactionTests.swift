import AmazonConnect
import ChatEngine
import DemoServer
import Foundation
import HelplineScript
import SessionCore
import Transport
import Synchronization
import Testing

@Suite("Trace: every exchange and frame, secrets redacted", .timeLimit(.minutes(2)))
struct TraceRedactionTests {
    @Test("a traced demo chat never contains the tokens it used")
    func traceHasNoTokens() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-trace-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try TraceRecorder(path: path)
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        let startURL = server.startChatURL.absoluteString
        let endpoint = server.baseURL
        let apiKey = "api-key-\(UUID().uuidString)"
        let transport = HTTPTransport(settings: TransportSettings(extraHeaders: [("X-Team", "qa"), ("X-Api-Key", apiKey)], trace: recorder))
        // The chat is started here, through the same traced transport, so the test knows the token to look for.
        let started = try await transport.postJSON(
            url: startURL, headers: [], body: ["ParticipantDetails": ["DisplayName": "Tess"]])
        let object = try #require(try JSONSerialization.jsonObject(with: started.body) as? [String: Any])
        let token = try #require(((object["data"] as? [String: Any])?["startChatResult"] as? [String: Any])?["ParticipantToken"] as? String)
        // The session's requests and its socket's frames are both traced through the transport's settings.
        let runner = ScriptRunner(configuration: SessionConfiguration(transport: transport)) {
            ConnectWire(start: .participantToken(token, displayName: "Tess"), endpoint: endpoint.absoluteString, ids: .random())
        }
        let script = try ScriptParser.parse("expect Welcome\nsend hours\nexpect opening hours\nend\n", name: "traced")
        let result = await runner.run(script)
        await server.stop()
        #expect(result.passed)

        let trace = try String(contentsOfFile: path, encoding: .utf8)
        let lines = trace.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON line: \(line)")
        }
        let kinds = Set(lines.compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        })
        #expect(kinds.isSuperset(of: ["http", "ws-open", "ws-in", "ws-out"]))
        #expect(!trace.contains(token), "the participant token leaked into the trace")
        #expect(!trace.contains(apiKey), "the X-Api-Key value leaked into the trace")
        #expect(trace.contains(#""ConnectionToken":"[redacted]""#))
        #expect(trace.contains(#"["X-Amz-Bearer","[redacted]"]"#))
        #expect(trace.contains(#"["X-Team","qa"]"#))
        #expect(trace.contains("opening hours"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}
