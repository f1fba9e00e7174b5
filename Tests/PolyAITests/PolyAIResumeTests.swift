import ChatEngine
import ChatModel
import SessionCore
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

@Suite("PolyAI resume", .serialized)
struct PolyAIResumeTests {
    @Test("a fresh stored session is rejoined without REST calls or a second join; history replays once")
    func resume() async throws {
        let first = try await PolyAIHarness.start(streaming: false)
        #expect(await first.waitForReply(containing: "Welcome"))
        await first.session.send("hours")
        #expect(await first.waitForReply(containing: "opening hours"))
        let record = try #require(await first.wire()?.resumeRecord)
        #expect(record.isFresh(now: Date()))
        #expect(!record.isFresh(now: Date().addingTimeInterval(601)))
        await first.session.shutdown()

        let tokenCalls = await first.server.polyAIRequestCount("access-token")
        var options = PolyAIOptions(
            apiKey: "demo-key", hostId: "tests.helpline",
            environment: .custom(rest: first.server.polyAIRestURL, ws: first.server.polyAISocketURL), streaming: false)
        options.resume = record
        var configuration = SessionConfiguration(transport: .direct)
        configuration.sendsTyping = false
        let session = ChatSession(wire: PolyAIWire(options: options, ids: .random()), configuration: configuration)
        let recorder = EventRecorder(session.events)
        await session.start()
        defer { Task { await session.shutdown(); await first.server.stop() } }
        #expect(await recorder.wait { recorder in
            await recorder.currentItems.contains { $0.text.contains("opening hours") }
        })
        #expect((await session.wire as? PolyAIWire)?.sessionId == record.sessionId)
        #expect(await first.server.polyAIRequestCount("access-token") == tokenCalls)
        let items = await recorder.currentItems
        #expect(items.filter { $0.kind == .event(.joined) }.count == 1)
        #expect(items.filter { $0.text == "hours" && $0.isOwn }.count == 1)
        #expect(items.count == Set(items.map(\.id)).count)
    }
}
