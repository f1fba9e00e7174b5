import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

/// The two-hour socket limit and the ten-minute idle expiry (spec §10), driven by a clock the test
/// moves; the server announces a 1 s heartbeat so the engine's tick (where both are checked) comes often.
@Suite("PolyAI socket age and idle expiry", .serialized)
struct PolyAILifecycleTests {
    @Test("after two hours the socket is replaced transparently: same session, nothing lost or doubled")
    func twoHourReconnect() async throws {
        let clock = PolyAITestClock()
        let harness = try await PolyAIHarness.start(streaming: false, clock: clock) { server in
            await server.setPolyAIHeartbeatSeconds(1)
        }
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        let opens = await harness.recorder.states.filter { $0 == .open }.count
        // Walk the clock past the two-hour mark in steps shorter than the idle limit, with a message
        // (activity) in each step, so that only the socket's age is ever over its limit, whenever the
        // engine's tick happens to run.
        let steps = 13  // 13 × 590 s = 7,670 s > 7,200 s
        for step in 1...steps {
            clock.advance(by: 590)
            await harness.session.send("still here \(step)")
            #expect(await harness.waitForReply(containing: "didn't catch that", count: step), "step \(step)")
        }
        #expect(await harness.waitForOpen(after: opens), "a new socket after the two-hour mark")
        #expect(await harness.server.polyAIRequestCount("sessions") == 1)
        let contactId = try #require(await harness.contactId())
        let items = await harness.recorder.currentItems
        for step in 1...steps {
            #expect(await harness.serverCount(of: "still here \(step)", contactId: contactId) == 1)
            #expect(items.filter { $0.text == "still here \(step)" }.count == 1)
        }
        #expect(items.count == Set(items.map(\.id)).count)
        #expect((await harness.wire()?.cursor ?? 0) > 0)
        #expect(!(await harness.recorder.states.contains { if case .closed = $0 { true } else { false } }), "never expired")
    }

    @Test("ten quiet minutes expire the session: the chat stops with a clear reason and no reconnect")
    func idleExpiry() async throws {
        let clock = PolyAITestClock()
        let harness = try await PolyAIHarness.start(streaming: false, clock: clock) { server in
            await server.setPolyAIHeartbeatSeconds(1)
        }
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        clock.advance(by: 601)
        #expect(await harness.recorder.wait { await $0.states.last?.isTerminal == true })
        #expect(await harness.recorder.states.last == .closed(reason: .because("the PolyAI session expired; start a new chat")))
        #expect(!(await harness.recorder.states.contains { if case .reconnecting = $0 { true } else { false } }))
    }
}
