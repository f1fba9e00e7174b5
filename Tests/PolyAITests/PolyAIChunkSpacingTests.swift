import Foundation
@testable import PolyAI
import SessionCore
import Testing

/// Streamed text read per stream (spec §7.2): raw fragments that carry their own spaces are
/// concatenated, SDK-style chunks with no whitespace at their edges are joined with one space.
@Suite("PolyAI chunk spacing")
struct PolyAIChunkSpacingTests {
    static func whole(_ parts: [String], order: [Int]? = nil) -> String? {
        var assembler = PolyAIStreamAssembler()
        var last: PolyAIStreamAssembler.Snapshot?
        for index in order ?? Array(parts.indices) {
            let payload = PolyAIStreamAssemblerTests.chunk(index + 1, parts[index], complete: index == parts.count - 1)
            last = assembler.add(messageId: "m1", payload: payload, time: Date(), sequence: nil).last ?? last
        }
        return last?.text
    }

    @Test("SDK-style chunks (the official SDK's, and the emulator's) read with one space between them, never two")
    func sdkStyle() {
        #expect(Self.whole(["Welcome to", "the Helpline", "demo."]) == "Welcome to the Helpline demo.")
        #expect(Self.whole(["Welcome to", "the Helpline", "demo.", ""]) == "Welcome to the Helpline demo.", "an empty final chunk adds nothing")
        #expect(Self.whole(["Welcome to", "the Helpline", "demo."], order: [2, 0, 1]) == "Welcome to the Helpline demo.")
    }

    @Test("raw fragments that carry their own spaces are concatenated as they are")
    func raw() {
        #expect(Self.whole(["Welcome to ", "the Help", "line demo."]) == "Welcome to the Helpline demo.")
        #expect(Self.whole(["Hello ", "there, ", "friend", ""]) == "Hello there, friend")
        #expect(Self.whole(["Lists:\n", "- one\n", "- two"], order: [1, 2, 0]) == "Lists:\n- one\n- two")
    }
}
