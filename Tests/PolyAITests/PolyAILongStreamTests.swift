import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

/// A streamed reply of thousands of chunks (issue 35, item 8): it must arrive whole, on the socket it started on.
@Suite("PolyAI long streamed replies", .serialized)
struct PolyAILongStreamTests {
    /// A bot reply the demo server streams as `chunks` chunks of three words, then a closing chunk.
    static func reply(chunks: Int) -> String {
        (0..<chunks).map { "w\($0)a w\($0)b w\($0)c" }.joined(separator: " ") + " end"
    }

    @Test("a 2,000-chunk reply arrives whole over loopback and the socket is never replaced")
    func twoThousandChunks() async throws {
        let harness = try await PolyAIHarness.start(streaming: true)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome to the Helpline demo"))
        let contactId = try #require(await harness.contactId())
        let opened = await harness.recorder.states.filter { $0 == .open }.count
        let text = Self.reply(chunks: 2_000)
        let started = ContinuousClock.now
        #expect(await harness.server.injectMessage(contactId: contactId, text: text, role: .customBot) != nil)
        let arrived = await harness.recorder.wait(timeout: .seconds(120)) { recorder in
            await recorder.currentItems.contains { !$0.isStreaming && $0.text.hasSuffix(" end") }
        }
        print("long stream: 2,000 chunks in \(ContinuousClock.now - started)")
        #expect(arrived)
        let reply = await harness.recorder.currentItems.filter { $0.text.hasSuffix(" end") }
        #expect(reply.map(\.text) == [text])
        #expect(await harness.recorder.states.filter { $0 == .open }.count == opened)
    }
}
