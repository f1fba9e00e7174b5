import ChatEngine
import ChatModel
import DemoServer
import Foundation
import PolyAI
import Testing

/// The engine acts on PolyAI close codes (spec §9.1) instead of reconnecting after every close.
@Suite struct PolyAICloseCodeTests {
    @Test func normalCloseEndsTheChatWithoutReconnecting() async throws {
        let harness = try await PolyAIHarness.start()
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Helpline demo"))
        let tokensBefore = await harness.server.polyAIRequestCount("access-token")
        #expect(tokensBefore == 1)
        await harness.server.closePolyAISockets(code: 1000, reason: "conversation over")
        let ended = await harness.recorder.wait { recorder in
            await recorder.states.contains { if case .closed = $0 { true } else { false } }
        }
        #expect(ended, "a 1000 close ends the chat")
        #expect(!(await harness.recorder.states.contains { if case .reconnecting = $0 { true } else { false } }), "no reconnect")
        #expect(await harness.server.polyAIRequestCount("access-token") == tokensBefore)
    }

    @Test func invalidSessionCloseStartsANewSession() async throws {
        let harness = try await PolyAIHarness.start()
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Helpline demo"))
        let sessionsBefore = await harness.server.polyAIRequestCount("sessions")
        #expect(sessionsBefore == 1, "the counter sees the first session")
        let opensBefore = await harness.recorder.states.filter { $0 == .open }.count
        await harness.server.closePolyAISockets(code: 4001, reason: "session invalid")
        let reopened = await harness.recorder.wait { recorder in
            await recorder.states.filter { $0 == .open }.count > opensBefore
        }
        #expect(reopened, "the chat is live again")
        #expect(await harness.server.polyAIRequestCount("sessions") == sessionsBefore + 1, "exactly one new session")
    }

    @Test func replacedSocketCloseReconnectsTheSameSession() async throws {
        let harness = try await PolyAIHarness.start()
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Helpline demo"))
        let sessionsBefore = await harness.server.polyAIRequestCount("sessions")
        #expect(sessionsBefore == 1, "the counter sees the first session")
        let opensBefore = await harness.recorder.states.filter { $0 == .open }.count
        await harness.server.closePolyAISockets(code: 1001, reason: "going away")
        #expect(await harness.recorder.wait { await $0.states.filter { $0 == .open }.count > opensBefore })
        #expect(await harness.server.polyAIRequestCount("sessions") == sessionsBefore, "same session, cursor replay")
    }
}
