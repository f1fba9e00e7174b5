import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// A socket server that accepts the connection and never answers the upgrade, as the user meets it
/// in line mode: after the upgrade deadline the chat backs off and tries again (it used to stay
/// `connecting` for good), and when input ends before it ever connected, the last line says the
/// message was never sent (it used to say "1 message not yet confirmed by the server").
@Suite struct UnansweredUpgradeEndToEndTests {
    @Test("PolyAI with a silent socket server: reconnecting after the deadline, and the truth at the end")
    func silentSocketServer() async throws {
        let silent = try MisbehavingServer(.silent)
        defer { silent.stop() }
        let demo = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        let result = try await HelplineBinary.run(
            [
                "polyai", "--api-key", "demo-key", "--rest-url", demo.polyAIRestURL,
                "--ws-url", "ws://127.0.0.1:\(silent.port)/ws", "--plain", "--new",
            ], input: "hello\n", timeout: .seconds(120))
        await demo.stop()
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let connecting = try #require(lines.firstIndex { $0.hasPrefix("-- connecting") }, "\(result.stderr)")
        let reconnecting = try #require(lines.firstIndex { $0.hasPrefix("-- reconnecting") }, "no backoff: \(result.stderr)")
        #expect(connecting < reconnecting, "\(result.stderr)")
        #expect(lines.contains("-- ending the chat: it never connected, so 1 message was never sent"), "\(result.stderr)")
        #expect(!result.stderr.contains("not yet confirmed"), "\(result.stderr)")
    }
}
