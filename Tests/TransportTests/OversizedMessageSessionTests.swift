import ChatEngine
import ChatModel
import Foundation
import HelplineTestSupport
import PolyAI
import SessionCore
import Testing

/// What the user sees when a PolyAI socket server sends a message over the limit (16 MiB for PolyAI,
/// whose frames are batches; 1 MiB for one chat message a frame) and then a reply: one notice naming
/// the size and the limit, then the reply, with the chat open all along. Before, the socket closed with
/// 1009 and the chat went on reconnecting, the reply never shown.
@Suite("A message over the size limit, as the user meets it", .timeLimit(.minutes(1)))
struct OversizedMessageSessionTests {
    static let reply =
        #"{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":[{"id":"e1","sequence":1,"timestamp":"2027-01-15T08:00:00Z","#
        + #""type":"EVENT_TYPE_POLY_AGENT_MESSAGE","payload":{"message_id":"m1","text":"after the large one"}}]}}"#

    @Test("one notice for the skipped message, the next message shown, no reconnect", arguments: ["127.0.0.1", "::1"])
    func skippedMessageInAChat(host: String) async throws {
        let piece = [UInt8](repeating: 0x7B, count: 1024 * 1024)
        let large = (0..<17).map { index in
            RawUpgradeServer.Frame(opcode: index == 0 ? 0x1 : 0x0, fin: index == 16, payload: piece)
        }
        let server = try RawUpgradeServer(host: host, answer: .acceptAndSend(large + [.text(Self.reply)]))
        let session = ChatSession(wire: PolyAIWire(options: Self.resumed(socket: server.url), ids: .random()),
            configuration: SessionConfiguration(transport: .direct))
        let recorder = EventRecorder(session.events)
        await session.start()
        let shown = await recorder.wait { await $0.newItems.contains { $0.text == "after the large one" } }
        await session.shutdown()
        let events = await recorder.events
        let notices = events.compactMap { if case .notice(let text) = $0 { text } else { nil } }
        #expect(shown, "the message after the large one was not shown: \(notices)")
        #expect(notices == ["The server sent a message of 17.0 MB, larger than Helpline takes (16 MiB); it was skipped."])
        #expect(!(await recorder.states).contains { if case .reconnecting = $0 { true } else { false } })
    }

    /// Options resuming a stored PolyAI session (so the socket is opened at once, no REST call) on `socket`.
    private static func resumed(socket: String) -> PolyAIOptions {
        func segment(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        let token = segment(#"{"alg":"none"}"#) + "." + segment(#"{"exp":4102444800}"#) + ".c2ln"
        var options = PolyAIOptions(
            apiKey: "key", hostId: "tests", environment: .custom(rest: "http://127.0.0.1:9/api/v1", ws: socket), streaming: false)
        options.resume = PolyAIResumeRecord(accessToken: token, sessionId: "s-1", lastActivity: Date())
        return options
    }
}
