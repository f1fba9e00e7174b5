import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

/// The engine acts on PolyAI close codes (spec §9.1): what the user sees for each, and that no
/// message is lost or shown twice.
@Suite("PolyAI close codes against the demo server", .serialized)
struct PolyAICloseCodeTests {
    @Test("1000: the chat ends without a reconnect; a message written but never confirmed is marked 'not confirmed', not dropped")
    func normalClose() async throws {
        let harness = try await PolyAIHarness.start(streaming: false, echoTimeout: .seconds(5))
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        await harness.server.setPolyAIDropUserMessages(true)
        let localId = try #require(await harness.session.send("one more thing"))
        await harness.server.closePolyAISockets(code: 1000, reason: "conversation over")
        #expect(await harness.recorder.wait { await $0.states.last == .closed(reason: .byServer) })
        #expect(!(await harness.recorder.states.contains { if case .reconnecting = $0 { true } else { false } }), "no reconnect")
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .unconfirmed }
        })
        let items = await harness.recorder.currentItems
        #expect(items.contains { $0.kind == .event(.chatEnded) && $0.text.contains("server closed the connection") })
        #expect(await harness.recorder.events.contains {
            $0 == .notice("Your message “one more thing” went out, but the chat has ended before the contact center confirmed it: it may not have arrived.")
        })
        #expect(await harness.server.polyAIRequestCount("sessions") == 1)
    }

    @Test("4000: another client took the chat; Helpline stops and says so, and /retry takes it back")
    func replaced() async throws {
        let harness = try await PolyAIHarness.start(streaming: false)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        await harness.server.closePolyAISockets(code: 4000, reason: "Replacing connection")
        #expect(await harness.recorder.wait { recorder in
            guard case .failed(let reason) = await recorder.states.last else { return false }
            return reason.contains("another client took over this chat")
        })
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        await harness.session.perform(.reconnectNow)
        #expect(await harness.waitForOpen(after: opens))
        let localId = try #require(await harness.session.send("it's me again"))
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .sent }
        })
        #expect(await harness.server.polyAIRequestCount("sessions") == 1, "the same session is taken back")
    }

    @Test("4001: a new session is made and joined; the message in flight is delivered there, once")
    func sessionUnknown() async throws {
        let harness = try await PolyAIHarness.start(streaming: false, echoTimeout: .seconds(1))
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let firstContact = try #require(await harness.contactId())
        let firstSession = try #require(await harness.wire()?.sessionId)
        await harness.server.setPolyAIDropUserMessages(true)
        let localId = try #require(await harness.session.send("still there?"))
        await harness.server.closePolyAISockets(code: 4001, reason: "session unknown")
        #expect(await harness.recorder.wait { await $0.server(harness.server, sessionsAtLeast: 2) })
        await harness.server.setPolyAIDropUserMessages(false)
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .sent }
        })
        let secondContact = try #require(await harness.contactId())
        #expect(await harness.wire()?.sessionId != firstSession)
        #expect(await harness.serverCount(of: "still there?", contactId: firstContact) == 0)
        #expect(await harness.serverCount(of: "still there?", contactId: secondContact) == 1)
        #expect(await harness.recorder.currentItems.filter { $0.text == "still there?" }.count == 1)
        let events = await harness.recorder.events
        #expect(events.contains { if case .notice(let text) = $0 { text.contains("no longer knew this chat") } else { false } })
        let sessionId = await harness.wire()?.sessionId
        #expect(events.contains { if case .sessionInfo(let info) = $0 { info.contactId == sessionId } else { false } })
        #expect(await harness.waitForReply(containing: "Welcome", count: 2), "the new session is joined and greets again")
        #expect(await harness.server.polyAIRequestCount("sessions") == 2)
    }

    @Test("refused upgrades: three new sessions in a row, then a clear stop; /retry recovers")
    func refusedUpgrades() async throws {
        let harness = try await PolyAIHarness.start(streaming: false)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        await harness.server.refuseUpgrades(true)
        await harness.server.dropAllSockets()
        #expect(await harness.recorder.wait { recorder in
            guard case .failed(let reason) = await recorder.states.last else { return false }
            return reason.contains("the session expired")
        })
        #expect(await harness.server.polyAIRequestCount("sessions") == 4, "the first and three renewals")
        await harness.server.refuseUpgrades(false)
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        await harness.session.perform(.reconnectNow)
        #expect(await harness.waitForOpen(after: opens))
    }

    @Test("4003: one reconnect after a flat 10 s (no backoff), same session; /retry skips the wait")
    func transientNetwork() async throws {
        let harness = try await PolyAIHarness.start(streaming: false)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let before = Date()
        await harness.server.closePolyAISockets(code: 4003, reason: "network")
        #expect(await harness.recorder.wait { recorder in
            await recorder.states.contains { if case .reconnecting = $0 { true } else { false } }
        })
        let observed = Date()
        guard case .reconnecting(let attempt, let nextRetryAt) = await harness.recorder.states.last else {
            Issue.record("expected reconnecting")
            return
        }
        #expect(attempt == 1)
        #expect(nextRetryAt >= before.addingTimeInterval(10) && nextRetryAt <= observed.addingTimeInterval(10))
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        await harness.session.perform(.reconnectNow)
        #expect(await harness.waitForOpen(after: opens))
        await harness.session.send("back")
        #expect(await harness.waitForReply(containing: "didn't catch that"))
        #expect(await harness.server.polyAIRequestCount("sessions") == 1)
    }
}

extension EventRecorder {
    /// True once the server has created at least `count` sessions.
    func server(_ server: DemoContactCenter, sessionsAtLeast count: Int) async -> Bool {
        await server.polyAIRequestCount("sessions") >= count
    }
}
