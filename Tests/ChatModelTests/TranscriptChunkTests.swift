import Foundation
import Testing

@testable import ChatModel

/// How the transcript's chunks fill: a long chat should cost about one full chunk per 32 items,
/// whatever order its items arrive in around our unsent messages.
@Suite("Transcript chunks fill up")
struct TranscriptChunkTests {
    static let agent = Participant(id: "a1", name: "Daniel", role: .agent)
    static let me = Participant(id: "me", name: "Maria", role: .customer)

    func message(_ n: Int) -> ChatItem {
        ChatItem(id: "m-\(n)", time: Date(timeIntervalSince1970: 1_000 + Double(n)), sender: Self.agent, kind: .message, text: "\(n)")
    }

    func pending(_ localId: String) -> ChatItem {
        ChatItem(id: localId, localId: localId, time: Date(timeIntervalSince1970: 1), sender: Self.me, kind: .message,
                 text: "typed", delivery: .pending)
    }

    func fullChunks(for count: Int) -> Int { (count + TranscriptItems.chunkLimit - 1) / TranscriptItems.chunkLimit }

    @Test("replies that arrive while our message waits at the end fill chunks instead of halving them")
    func arrivalsBeforeAPendingMessage() {
        for pendingCount in [1, 2, 5] {
            var transcript = Transcript()
            for n in 0..<pendingCount { transcript.addPending(pending("l-\(n)")) }
            for n in 0..<1_000 { transcript.merge(message(n), isOwn: false) }
            let items = transcript.items
            #expect(items.count == 1_000 + pendingCount)
            #expect(items.prefix(1_000).map(\.id) == (0..<1_000).map { "m-\($0)" }, "the replies in order, before ours")
            #expect(items.suffix(pendingCount).allSatisfy { $0.delivery == .pending })
            #expect(items.chunkCount <= fullChunks(for: items.count) + 1, "\(items.chunkCount) chunks for \(items.count) items")
        }
    }

    @Test("appends in order fill every chunk")
    func appendsInOrder() {
        var transcript = Transcript()
        for n in 0..<1_000 { transcript.merge(message(n), isOwn: false) }
        #expect(transcript.items.chunkCount == fullChunks(for: 1_000))
    }
}
