import Foundation
import SimulatedServices
import Testing

@testable import ChatModel

/// How the transcript's chunks fill: a long chat should cost about one full chunk per `chunkLimit` items,
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

    @Test("appends while a front end holds every value from before write in place: no chunk is copied per message, and each value still reads as it was")
    func appendsWriteInPlace() {
        var transcript = Transcript()
        var held: [TranscriptItems] = []
        // Short of a full chunk by two: the one that fills it moves its texts into a column, a copy.
        for n in 0..<(TranscriptItems.chunkLimit - 2) {
            transcript.merge(message(n), isOwn: false)
            held.append(transcript.items)  // a backlog of events, each with its value
        }
        let chunk = transcript.items.chunkIdentities
        #expect(chunk.count == 1)
        #expect(held.allSatisfy { $0.chunkIdentities == chunk }, "one chunk for every value: nothing was copied")
        for (index, value) in held.enumerated() {
            #expect(value.count == index + 1)
            #expect(value.map(\.id) == (0...index).map { "m-\($0)" })
        }
        // Two values that go different ways: the second to append finds the slot taken and copies.
        var mine = transcript.items
        var theirs = transcript.items
        mine.insert(message(100), order: TranscriptOrder(primary: 10_000, secondary: 1), at: mine.count)
        theirs.insert(message(200), order: TranscriptOrder(primary: 10_000, secondary: 2), at: theirs.count)
        #expect(mine.last?.id == "m-100" && theirs.last?.id == "m-200")
        #expect(mine.chunkIdentities == chunk && theirs.chunkIdentities != chunk)
        #expect(held.last?.count == TranscriptItems.chunkLimit - 2 && held.last?.last?.id == "m-\(TranscriptItems.chunkLimit - 3)")
    }

    @Test("a value handed to another thread after every append reads each item as it was written, while the writer goes on")
    func appendsAcrossThreads() async {
        let (stream, feed) = ChatEventStream.makeStream()
        let total = 3_000
        let writer = Task.detached {
            var transcript = Transcript()
            for n in 0..<total {
                transcript.merge(ChatItem(id: "m-\(n)", time: Date(timeIntervalSince1970: 1_000 + Double(n)), sender: Self.agent, kind: .message,
                                          text: "message number \(n), long enough to need storage of its own"), isOwn: false)
                for update in transcript.takeUpdates() { feed.yield(.transcript(update)) }
            }
            feed.finish()
        }
        var checked = 0
        for await event in stream {
            guard case .transcript(let update) = event else { continue }
            // The newest item of each value, and one from the value's middle, read as written.
            let last = update.items.count - 1
            let middle = last / 2
            if update.items[last].text != "message number \(last), long enough to need storage of its own"
                || update.items[middle].id != "m-\(middle)"
            {
                Issue.record("value of \(last + 1) items read wrong")
                break
            }
            checked += 1
        }
        await writer.value
        #expect(checked == total)
    }

    @Test("appends in order fill every chunk")
    func appendsInOrder() {
        var transcript = Transcript()
        for n in 0..<1_000 { transcript.merge(message(n), isOwn: false) }
        #expect(transcript.items.chunkCount == fullChunks(for: 1_000))
    }
}

/// The id index's own operations, against a dictionary, including the removals that shift entries
/// back along a probe run (the transcript reaches them only when an item's id changes in place).
@Suite("The id index")
struct ItemIndexTests {
    @Test("set, remove and find agree with a dictionary across 200 seeded runs")
    func agreesWithADictionary() {
        for seed in 0..<200 {
            var random = SimRandom(seed: UInt64(seed))
            var items = TranscriptItems()
            let count = Int(random.next() % 300) + 1
            for n in 0..<count {
                // Short ids and UUID-shaped ones, so both kinds of stored id are probed.
                let id = n % 3 == 0 ? "m-\(seed)-\(n)" : String(format: "%08x-0000-4000-8000-%012x", n, seed)
                let item = ChatItem(id: id, time: Date(timeIntervalSince1970: 1), sender: TranscriptChunkTests.agent, kind: .message, text: "")
                items.insert(item, order: TranscriptOrder(primary: Int64(n), secondary: Int64(n)), at: n)
            }
            var index = ItemIndex()
            var model: [CompactID: Int] = [:]
            for _ in 0..<(count * 3) {
                let position = Int(random.next() % UInt64(count))
                let id = items.storedID(at: position)
                if random.next() % 3 == 0 {
                    index.remove(id, ifAt: position, in: items)
                    model[id] = nil
                } else {
                    index.set(id, at: position, in: items)
                    model[id] = position
                }
                #expect(index.count == model.count, "seed \(seed)")
            }
            for position in 0..<count {
                let id = items.storedID(at: position)
                #expect(index.position(of: id, in: items) == model[id], "seed \(seed): position \(position)")
            }
            #expect(index.position(of: CompactID("absent"), in: items) == nil)
        }
    }
}
