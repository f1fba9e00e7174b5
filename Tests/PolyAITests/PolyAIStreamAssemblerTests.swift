import Foundation
@testable import PolyAI
import SessionCore
import Testing

/// Chunk assembly stays linear in the chunks (issue 35, item 8), and keeps its order rules.
@Suite("PolyAI stream assembly")
struct PolyAIStreamAssemblerTests {
    static func chunk(_ index: Int, _ text: String, complete: Bool = false, suggestions: [String] = [],
                      attachment: String? = nil) -> PolyAIPayload {
        var object: [String: JSONValue] = [
            "message_id": "m1", "text": .string(text), "chunk_index": .integer(Int64(index)), "is_complete": .bool(complete),
            "response_suggestions": .array(suggestions.map { ["message_text": .string($0)] }),
        ]
        if let attachment { object["attachments"] = [["type": "url", "content_url": .string(attachment)]] }
        return PolyAIPayload(PolyAIJSON(object))
    }

    @Test("a 2,000-chunk reply in order reads each chunk once and comes out whole")
    func linearInOrder() {
        var assembler = PolyAIStreamAssembler()
        let count = 2_000
        var last: PolyAIStreamAssembler.Snapshot?
        for index in 1...count {
            let snapshots = assembler.add(
                messageId: "m1", payload: Self.chunk(index, "w\(index) ", complete: index == count), time: Date(), sequence: index)
            last = snapshots.last
        }
        #expect(last?.isComplete == true)
        #expect(last?.text == (1...count).map { "w\($0) " }.joined())
        #expect(assembler.chunksRead <= count)
    }
}

extension PolyAIStreamAssemblerTests {
    @Test("chunks out of order, replayed and below index 1 join in index order; attachments once; the last suggestions")
    func outOfOrder() {
        var assembler = PolyAIStreamAssembler()
        func add(_ payload: PolyAIPayload) -> PolyAIStreamAssembler.Snapshot? {
            assembler.add(messageId: "m1", payload: payload, time: Date(), sequence: nil).last
        }
        #expect(add(Self.chunk(3, "c", suggestions: ["three"], attachment: "https://x/1"))?.text == "c")
        #expect(add(Self.chunk(0, "z", attachment: "https://x/0"))?.text == "z c")
        #expect(add(Self.chunk(1, "a", suggestions: ["one"], attachment: "https://x/1"))?.text == "z a c")
        #expect(add(Self.chunk(1, "again")) == nil)
        let last = add(Self.chunk(4, "d", complete: true))
        #expect(last?.isComplete == false)
        let whole = add(Self.chunk(2, "b"))
        #expect(whole?.text == "z a b c d", "chunks with no whitespace at their edges read SDK-style, one space between")
        #expect(whole?.isComplete == true)
        #expect(whole?.attachments.compactMap(\.url) == ["https://x/0", "https://x/1"])
        #expect(whole?.suggestions.map(\.text) == ["three"])
        #expect(add(Self.chunk(5, "late")) == nil)
    }

    @Test("a new stream settles one without a gap, not one with a gap; a settled stream still grows")
    func interrupted() {
        var assembler = PolyAIStreamAssembler()
        _ = assembler.add(messageId: "m1", payload: Self.chunk(1, "a"), time: Date(), sequence: nil)
        _ = assembler.add(messageId: "m2", payload: Self.chunk(2, "y"), time: Date(), sequence: nil)
        let third = assembler.add(messageId: "m3", payload: Self.chunk(1, "k"), time: Date(), sequence: nil)
        #expect(third.map(\.messageId) == ["m3"])
        let grown = assembler.add(messageId: "m1", payload: Self.chunk(2, "b"), time: Date(), sequence: nil)
        #expect(grown.map(\.text) == ["a b"])
        #expect(grown.first?.isComplete == true)
    }
}
