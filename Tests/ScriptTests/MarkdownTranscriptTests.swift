import ChatEngine
import ChatModel
import Foundation
import Testing

@Suite("Markdown transcript (--transcript FILE.md)")
struct MarkdownTranscriptTests {
    @Test("each settled item once, in order, as Markdown")
    func writesMarkdown() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(MarkdownTranscriptWriter.wants(path: path) && !MarkdownTranscriptWriter.wants(path: "t.jsonl"))
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let me = Participant(name: "Maria", role: .customer)
        let bot = Participant(name: "Helpline Bot", role: .bot)
        let pending = ChatItem(id: "l1", localId: "l1", time: time, sender: me, kind: .message, text: "hours", delivery: .pending)
        var sent = pending
        sent.id = "s1"
        sent.delivery = .sent
        let (events, continuation) = AsyncStream<ChatEvent>.makeStream()
        continuation.yield(.item(ChatItem(id: "e1", time: time, sender: .system, kind: .event(.joined), text: "Helpline Bot joined")))
        continuation.yield(.item(pending))
        continuation.yield(.itemUpdated(sent))
        continuation.yield(.item(ChatItem(id: "b1", time: time, sender: bot, kind: .message, contentType: "text/markdown", text: "**Mon-Fri** 8-20")))
        continuation.yield(.itemUpdated(sent))
        continuation.finish()
        try await MarkdownTranscriptWriter(path: path).run(events: events)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            > _2023-11-14T22:13:20Z · Helpline Bot joined_

            **Maria** · 2023-11-14T22:13:20Z

            hours

            ---

            **Helpline Bot** (bot) · 2023-11-14T22:13:20Z

            **Mon-Fri** 8-20

            ---


            """)
    }
}
