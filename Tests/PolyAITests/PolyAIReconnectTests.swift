import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

@Suite("PolyAI reconnect, cursor replay and dedup", .serialized)
struct PolyAIReconnectTests {
    @Test(
        "forced drops and close codes while chatting: 0 lost, 0 duplicated",
        arguments: [true, false])
    func chaos(streaming: Bool) async throws {
        let harness = try await PolyAIHarness.start(streaming: streaming, echoTimeout: .milliseconds(200)) { server in
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
            let replied = await harness.waitForReply(containing: "didn't catch that", count: round)
            let timeline = replied ? "" : await harness.timeline()
            #expect(replied, "round \(round): \(timeline)")
        }
        let sessionId = try #require(await harness.wire()?.sessionId)
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
        #expect((await harness.wire()?.cursor ?? 0) > 2 * rounds)
        #expect(await harness.server.polyAIRequestCount("sessions") == 1, "drops and 4002 keep the session")
        #expect(await harness.recorder.states.contains { if case .reconnecting = $0 { true } else { false } })
    }

    /// The root cause of the old loss: a socket the server had stopped serving still accepted writes,
    /// so every resend went into the void and the message was marked failed before the client noticed
    /// the drop. Silence now means "replace the socket and send again", never "failed".
    @Test("a message written to a socket that stopped answering goes out again on the next one, never failed")
    func silentSocket() async throws {
        let harness = try await PolyAIHarness.start(streaming: false, echoTimeout: .milliseconds(100))
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        await harness.server.setHalfOpen(true)
        let localId = try #require(await harness.session.send("are you there?"))
        #expect(await harness.waitForOpen(after: opens), "the silent socket is replaced")
        await harness.server.setHalfOpen(false)
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .sent }
        })
        #expect(await harness.waitForReply(containing: "didn't catch that"))
        let states = await harness.recorder.allItemEvents.filter { $0.localId == localId }.compactMap(\.delivery)
        #expect(!states.contains(.failed), "never shown as failed")
        let contactId = try #require(await harness.contactId())
        #expect(await harness.serverCount(of: "are you there?", contactId: contactId) == 1)
        #expect(await harness.recorder.currentItems.filter { $0.text == "are you there?" }.count == 1)
    }
}

/// A socket that dies right after its replay batch: the decoder has already moved the cursor past the
/// replayed events, so the next connection's replay starts after them — they must have been shown.
@Suite("PolyAI replay on a socket that dies at once")
struct PolyAIShortLivedSocketTests {
    @Test("a replay that arrives on a socket closed right after it is shown once, not lost with the socket")
    func replayOnADyingSocket() async throws {
        let harness = try await PolyAIHarness.start(streaming: false)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let contactId = try #require(await harness.contactId())
        await harness.server.setHalfOpen(true)
        _ = await harness.server.injectMessage(contactId: contactId, text: "while you were away", role: .agent)
        await harness.server.closeNextPolyAISocketAfterReplay(code: 4002)
        await harness.server.setHalfOpen(false)
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        let cursor = (await harness.wire()?.cursor ?? 0)
        await harness.server.dropAllSockets(abruptly: false)
        #expect(await harness.waitForReply(containing: "while you were away"))
        // The short-lived socket closes before it answers the opening heartbeat, so it never counts as
        // open: the one after it does.
        #expect(await harness.waitForOpen(after: opens), "the short-lived socket is followed by another")
        #expect((await harness.wire()?.cursor ?? 0) > cursor)
        let items = await harness.recorder.currentItems
        #expect(items.filter { $0.text.contains("while you were away") }.count == 1)
        #expect(items.count == Set(items.map(\.id)).count)
    }
}
