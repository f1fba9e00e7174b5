import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

/// A server that, after a reconnect with a cursor, replays only the events after it: no `SESSION_START`
/// first, and no frame at all when nothing was missed. The spec leaves this open (§3, §11); a client
/// that waited for `SESSION_START` never became ready again, so every later line stayed queued and
/// `/end` never reached the server.
@Suite("PolyAI against a server that re-sends no SESSION_START", .serialized)
struct PolyAIBareReplayTests {
    @Test("after a cursor reconnect with an empty, bare replay, every later line arrives once and in order, and /end ends the chat")
    func bareReplay() async throws {
        let harness = try await PolyAIHarness.start(streaming: false) { server in
            await server.setPolyAIBareReplay(true)
        }
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let contactId = try #require(await harness.contactId())
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        #expect((await harness.wire()?.cursor ?? 0) > 0, "the next socket is opened with a cursor")
        await harness.server.dropAllSockets(abruptly: false)
        let lines = (1...3).map { "after the drop \($0)" }
        for line in lines { await harness.session.send(line) }
        let reopened = await harness.waitForOpen(after: opens)
        let timeline = reopened ? "" : await harness.timeline()
        #expect(reopened, "the new socket is ready although the server confirmed nothing: \(timeline)")
        #expect(await harness.waitForReply(containing: "didn't catch that", count: lines.count))
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.filter { $0.isOwn && lines.contains($0.text) && $0.delivery == .sent }.count == lines.count
        })
        let held = await harness.server.transcript(contactId: contactId)
            .filter { $0.type == "MESSAGE" && lines.contains($0.content ?? "") }.compactMap(\.content)
        #expect(held == lines, "each line once, in typed order")
        await harness.session.end()
        #expect(await harness.recorder.wait { await $0.states.last?.isTerminal == true })
        #expect(await harness.server.hasEnded(contactId: contactId), "/end reached the server")
    }
}

/// A server whose replay after a reconnect comes in one batch past a megabyte (a long session's
/// history; the spec documents no batch size limit, §3, §17). Read with the one-message limit, the
/// batch was skipped whole: what it held was lost, and a line whose echo was in it was sent again.
@Suite("PolyAI against a server whose replay batch passes a megabyte", .serialized)
struct PolyAIBulkyReplayTests {
    @Test("what a bulky replay holds is shown, each line once, and nothing is skipped")
    func bulkyReplay() async throws {
        let harness = try await PolyAIHarness.start(streaming: false) { server in
            await server.setPolyAIBulkyReplay(true)
        }
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let contactId = try #require(await harness.contactId())
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        await harness.server.dropAllSockets(abruptly: true)
        // Said while the client had no socket: it arrives only in the replay.
        await harness.server.injectMessage(contactId: contactId, text: "said while you were away")
        let reopened = await harness.waitForOpen(after: opens)
        #expect(reopened)
        #expect(await harness.waitForReply(containing: "said while you were away"))
        let notices = await harness.recorder.events.compactMap { event -> String? in
            guard case .notice(let text) = event, text.contains("larger than Helpline takes") else { return nil }
            return text
        }
        #expect(notices.isEmpty, "nothing was skipped: \(notices)")
        await harness.session.send("after the bulky replay")
        #expect(await harness.waitForReply(containing: "didn't catch that"))
        #expect(await harness.serverCount(of: "after the bulky replay", contactId: contactId) == 1)
    }
}
