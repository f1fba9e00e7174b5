import ChatEngine
import ChatModel
import Foundation
import SessionCore
import Testing

@Suite("Markdown transcript (--transcript FILE.md)")
struct MarkdownTranscriptTests {
    @Test("each complete item once, in order, as Markdown; choices and answers as lists, never lost")
    func writesMarkdown() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(MarkdownTranscript.wants(path: path) && !MarkdownTranscript.wants(path: "t.jsonl"))
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let me = Participant(name: "Maria", role: .customer)
        let bot = Participant(name: "Helpline Bot", role: .bot)
        var sent = ChatItem(id: "s1", localId: "l1", time: time, sender: me, kind: .message, text: "hours", delivery: .sent)
        let writer = try MarkdownTranscript(path: path) { Issue.record("unexpected problem: \($0)") }
        writer.write(TranscriptRecord(item: ChatItem(id: "e1", time: time, sender: .system, kind: .event(.joined), text: "Helpline Bot joined")))
        writer.write(TranscriptRecord(item: sent))
        writer.write(TranscriptRecord(item: ChatItem(
            id: "b1", time: time, sender: bot, kind: .message, contentType: "text/markdown", text: "**Mon-Fri** 8-20",
            choices: ["Thanks", "Agent"])))
        sent.delivery = .read
        writer.write(TranscriptRecord(item: sent, deliveryTime: time))
        writer.drain()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            > _2023-11-14T22:13:20Z · Helpline Bot joined_

            **Maria** · 2023-11-14T22:13:20Z

            hours

            ---

            **Helpline Bot** (bot) · 2023-11-14T22:13:20Z

            **Mon-Fri** 8-20

            1. Thanks
            2. Agent

            ---


            """)
    }
}
