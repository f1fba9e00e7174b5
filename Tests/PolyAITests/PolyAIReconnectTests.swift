import ChatEngine
import ChatModel
import DemoServer
import Foundation
import PolyAI
import Testing

@Suite("PolyAI reconnect, cursor replay and dedup", .serialized)
struct PolyAIReconnectTests {
    @Test(
        "forced drops and close codes while chatting: 0 lost, 0 duplicated",
        .disabled(
            "Passes alone, but loses a message after an abrupt drop when the whole suite runs in parallel on 2 cores; open work on the PolyAI issue"),
        arguments: [true, false])
    func chaos(streaming: Bool) async throws {
        let harness = try await PolyAIHarness.start(streaming: streaming, resendInterval: .milliseconds(200)) { server in
            await server.setPolyAIOverlappingReplay(true)
        }
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let rounds = 8
        for round in 1...rounds {
            await harness.session.send("message \(round)")
            switch round % 3 {
            case 0: await harness.server.dropAllSockets(abruptly: true)
            case 1: await harness.server.closePolyAISockets(code: 4002, reason: "app error")
            default: await harness.server.dropAllSockets(abruptly: false)
            }
            #expect(await harness.waitForReply(containing: "didn't catch that", count: round), "round \(round)")
        }
        let sessionId = try #require(harness.backend.sessionId)
        let contactId = try #require(await harness.server.polyAIContactId(sessionId: sessionId))
        let serverMessages = await harness.server.transcript(contactId: contactId).filter { $0.type == "MESSAGE" }
        #expect(serverMessages.count == 2 * rounds + 1)
        #expect(await harness.recorder.wait { recorder in
            let items = await recorder.currentItems.filter { $0.kind == .message }
            return items.count == serverMessages.count && items.allSatisfy { !$0.isStreaming && $0.delivery != .pending }
        })
        let messages = await harness.recorder.currentItems.filter { $0.kind == .message }
        #expect(Set(messages.map(\.id)) == Set(serverMessages.map(\.id)), "lost or duplicated items")
        #expect(messages.count == Set(messages.map(\.id)).count)
        for round in 1...rounds {
            #expect(messages.filter { $0.text == "message \(round)" }.count == 1)
            #expect(serverMessages.filter { $0.content == "message \(round)" }.count == 1)
        }
        #expect(harness.backend.cursor > 2 * rounds)
        #expect(await harness.recorder.states.contains { if case .reconnecting = $0 { true } else { false } })
    }
}
