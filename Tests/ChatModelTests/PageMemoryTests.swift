import Foundation
import Testing

@testable import ChatModel

/// The transcript's long-lived blocks sit on pages of their own, and every page taken is given back.
@Suite("Pages of the transcript's own")
struct PageMemoryTests {
    static let agent = TranscriptChunkTests.agent

    static func message(_ n: Int) -> ChatItem {
        ChatItem(id: "m-\(n)", time: Date(timeIntervalSince1970: 1_000 + Double(n)), sender: agent, kind: .message,
                 text: "Message \(n): the parcel left the depot this morning and should arrive on Friday.")
    }

    @Test("every chunk's slots and every text column start on a page boundary, and the texts read back whole")
    func blocksStartOnPages() {
        var transcript = Transcript()
        for n in 0..<500 { transcript.merge(Self.message(n), isOwn: false) }
        let items = transcript.items
        #expect(items.chunkCount >= 500 / TranscriptItems.chunkLimit)
        for address in items.chunkSlotAddresses { #expect(Int(bitPattern: address) % PageMemory.pageBytes == 0) }
        var columns = Set<UnsafeRawPointer>()
        for position in 0..<items.count {
            #expect(items[position].text == Self.message(position).text)
            if let column = ItemTextTests.columnAddress(items[position].storedText) { columns.insert(column) }
        }
        #expect(!columns.isEmpty && columns.allSatisfy { Int(bitPattern: $0) % PageMemory.pageBytes == 0 })
        #expect(TranscriptItems.chunkLimit + 1 == PageMemory.pageBytes / MemoryLayout<TranscriptItems.Chunk.Entry>.stride)
    }

    @Test("a block is writable to its last byte, and one the system has no mapping for comes from the heap and is freed there")
    func blocksAndTheFallback() {
        for bytes in [PageMemory.pageBytes, 16 * PageMemory.pageBytes] {
            let block = PageMemory.allocate(bytes)
            #expect(block.mapped && block.bytes == bytes && Int(bitPattern: block.start) % PageMemory.pageBytes == 0)
            block.start.storeBytes(of: 0xA5, toByteOffset: bytes - 1, as: UInt8.self)
            #expect(block.start.load(fromByteOffset: bytes - 1, as: UInt8.self) == 0xA5)
            PageMemory.free(block)
        }
        // Not a single page, so that no spare page can answer instead of the mapping that fails.
        let fallback = PageMemory.allocate(2 * PageMemory.pageBytes, map: { _ in nil })
        #expect(!fallback.mapped && Int(bitPattern: fallback.start) % PageMemory.pageBytes == 0)
        fallback.start.storeBytes(of: 7, toByteOffset: 2 * PageMemory.pageBytes - 1, as: UInt8.self)
        PageMemory.free(fallback)
    }

    @Test("chunks copied for changes a front end's copy would see (receipts, a streamed reply's words) give their pages back, and so does a transcript let go")
    func copiedChunksGiveTheirPagesBack() {
        let ledger = PageMemory.Ledger()
        PageMemory.$ledger.withValue(ledger) {
            var items = TranscriptItems()
            for n in 0..<(3 * TranscriptItems.chunkLimit) {
                items.insert(Self.message(n), order: TranscriptOrder(primary: Int64(n), secondary: 0), at: n)
            }
            for round in 0..<2_000 {
                let held = items  // a front end's copy: the change below copies the chunk
                var item = items[round % items.count]
                item.delivery = round % 2 == 0 ? .read : .delivered
                items.replace(at: round % items.count, with: item)
                #expect(held[round % items.count].delivery != item.delivery, "the copy held from before is unchanged")
                let open = ledger.taken.load(ordering: .relaxed) - ledger.givenBack.load(ordering: .relaxed)
                if open > 8 {
                    Issue.record("round \(round): \(open) blocks taken and not given back for a transcript of 3 chunks and a column")
                    return
                }
            }
        }
        #expect(ledger.taken.load(ordering: .relaxed) > 2_000, "each change to a shared chunk took a page")
        #expect(ledger.taken.load(ordering: .relaxed) == ledger.givenBack.load(ordering: .relaxed), "every block taken was given back")
    }

    @Test("a writer thread appends 5,000 messages while a reader thread reads every value handed to it: every text reads back whole, and the pages a chunk copy frees on one thread serve the other")
    func valuesHandedAcrossThreads() async {
        let (values, feed) = AsyncStream.makeStream(of: TranscriptItems.self, bufferingPolicy: .bufferingNewest(4))
        let writer = Thread {
            var items = TranscriptItems()
            for n in 0..<5_000 {
                items.insert(Self.message(n), order: TranscriptOrder(primary: Int64(n), secondary: 0), at: n)
                if n % 7 == 0, n > 0 {
                    // A receipt on a message the reader may hold: its chunk is copied, a page freed.
                    var item = items[n - 1]
                    item.delivery = .read
                    items.replace(at: n - 1, with: item)
                }
                feed.yield(items)
            }
            feed.finish()
        }
        writer.start()
        var checked = 0
        var last = 0
        for await value in values {
            // The newest message and a few spread over the value, each byte for byte.
            for position in Set([0, value.count / 2, value.count - 1]) where value[position].text != Self.message(position).text {
                Issue.record("value of \(value.count): message \(position) reads \(value[position].text)")
                return
            }
            checked += 1
            last = value.count
        }
        #expect(checked > 0 && last == 5_000)
    }
}
