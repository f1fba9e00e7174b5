import Testing
@testable import MarkdownANSI

/// Replies far larger than usual, and replies rendered at the same time, come out whole and unchanged.
@Suite("Long and concurrent replies")
struct LongReplyTests {
    /// A paragraph with every inline kind the parser allocates for (emphasis, code, strikethrough, autolink).
    private static let paragraph = "Your order **#4411** ships `today` ~~tomorrow~~ — track it at https://example.com/track?id=4411 and reply here."

    @Test func replyLargerThanOneParserBlockRendersEveryParagraph() {
        let one = Markdown.render(Self.paragraph, width: 60)
        let count = 2_000
        let reply = Array(repeating: Self.paragraph, count: count).joined(separator: "\n\n")
        #expect(reply.utf8.count > 200_000)
        var expected: [StyledLine] = []
        for index in 0..<count {
            if index > 0 { expected.append(StyledLine()) }
            expected.append(contentsOf: one)
        }
        let lines = Markdown.render(reply, width: 60)
        #expect(lines.count == expected.count)
        #expect(Support.plain(lines) == Support.plain(expected))
        #expect(ANSIWriter.string(lines, mode: .truecolor) == ANSIWriter.string(expected, mode: .truecolor))
    }

    @Test func repliesRenderedAtTheSameTimeMatchOneAtATime() async {
        let replies = (0..<40).map { index in
            "## Ticket \(index)\n\n" + Self.paragraph + "\n\n| plan | price |\n|---|---:|\n| basic | \(index) € |\n\n- [x] done\n- [ ] open ~~old~~"
        }
        let sequentialLines = replies.map { Markdown.render($0, width: 50) }
        let sequential = sequentialLines.map { ANSIWriter.string($0, mode: .truecolor) }
        let concurrent = await withTaskGroup(of: (Int, String).self) { group in
            for (index, reply) in replies.enumerated() {
                group.addTask { (index, ANSIWriter.string(Markdown.render(reply, width: 50), mode: .truecolor)) }
            }
            var results = Array(repeating: "", count: replies.count)
            for await (index, text) in group { results[index] = text }
            return results
        }
        #expect(concurrent == sequential)
        // Strikethrough and autolinks come from the GFM extensions: they survive in every reply.
        #expect(sequentialLines.allSatisfy { lines in lines.contains { $0.spans.contains { $0.style.strikethrough } } })
        #expect(sequentialLines.allSatisfy { lines in lines.contains { $0.spans.contains { $0.style.link != nil } } })
    }
}
