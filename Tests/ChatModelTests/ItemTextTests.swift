import Foundation
import SimulatedServices
import Testing

@testable import ChatModel

/// A transcript keeps its long texts in shared columns: nothing anyone reads may change by it.
@Suite("Texts in the transcript's columns")
struct ItemTextTests {
    static let agent = TranscriptChunkTests.agent

    /// Texts of every shape: long ASCII, long with accents, emoji and a combining mark, short, empty.
    static func text(_ n: Int) -> String {
        switch n % 5 {
        case 0: return "Message \(n): the parcel left the depot this morning and should arrive on Friday."
        case 1: return "Grüße aus Köln — \(n) 👋🏽 café (e\u{301}) and a tab\tand a line\nbreak"
        case 2: return "ok \(n)"
        case 3: return ""
        default: return String(repeating: "ü", count: 8 + n % 13)
        }
    }

    static func message(_ n: Int, text: String? = nil, streaming: Bool = false) -> ChatItem {
        ChatItem(id: "m-\(n)", time: Date(timeIntervalSince1970: 1_000 + Double(n)), sender: agent, kind: .message,
                 text: text ?? Self.text(n), isStreaming: streaming)
    }

    /// The base address of a column's bytes, to tell whether two texts share one column.
    static func columnAddress(_ text: ItemText) -> UnsafeRawPointer? {
        guard case .column(let column, _, _) = text else { return nil }
        return column.withBytes(start: 0, count: 0) { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("each long text goes into a shared column as its item comes in and reads back the same; a streaming reply keeps its own string until it is complete; short texts stay inline; a copy taken before is unchanged")
    func textsGoIntoAColumnOnArrival() {
        var transcript = Transcript()
        let streamingNumber = 5
        for n in 0..<streamingNumber { transcript.merge(Self.message(n), isOwn: false) }
        transcript.merge(Self.message(streamingNumber, text: "a reply still stream", streaming: true), isOwn: false)
        let before = transcript.items
        for n in (streamingNumber + 1)..<(3 * TranscriptItems.chunkLimit) { transcript.merge(Self.message(n), isOwn: false) }
        let items = transcript.items
        var columns = Set<UnsafeRawPointer>()
        for position in 0..<items.count {
            let item = items[position]
            let expected = position == streamingNumber ? "a reply still stream" : Self.text(position)
            #expect(item.text == expected, "item \(position) reads back as typed")
            #expect(item.text.utf8.elementsEqual(expected.utf8), "byte for byte")
            if let address = Self.columnAddress(item.storedText) {
                columns.insert(address)
            } else {
                #expect(position == streamingNumber || expected.utf8.count <= ItemText.inlineLimit, "item \(position) kept a string of its own")
            }
        }
        #expect(items.chunkCount == 3)
        #expect(columns.count <= 3, "a few columns for three chunks' texts, not one per text or per chunk: \(columns.count)")
        #expect(before.count == streamingNumber + 1)
        for position in 0..<before.count { #expect(before[position].text == items[position].text) }
        #expect(Self.columnAddress(before[streamingNumber].storedText) == nil)
        // The reply completes: its final text joins a column; the value held from before still reads the growing one.
        var finished = items[streamingNumber]
        finished.text = "a reply still streaming, and now complete"
        finished.isStreaming = false
        transcript.merge(finished, isOwn: false)
        #expect(transcript.items[streamingNumber].text == "a reply still streaming, and now complete")
        #expect(Self.columnAddress(transcript.items[streamingNumber].storedText) != nil)
        #expect(before[streamingNumber].text == "a reply still stream")
    }

    @Test("two copies of a transcript that both take new items write their texts to bytes of their own in the column they share")
    func copiesShareAColumnWithoutOverwriting() {
        var first = TranscriptItems()
        for n in 0..<3 { first.insert(Self.message(n * 5), order: TranscriptOrder(primary: Int64(n), secondary: 0), at: n) }
        var second = first
        for n in 3..<40 {
            first.insert(Self.message(n * 5, text: "first copy's text number \(n), long enough to need storage"),
                         order: TranscriptOrder(primary: Int64(n), secondary: 0), at: first.count)
            second.insert(Self.message(n * 5 + 1, text: "second copy's own text \(n) — ünïcödé and 👋🏽 to be sure"),
                          order: TranscriptOrder(primary: Int64(n), secondary: 0), at: second.count)
        }
        for n in 3..<40 {
            #expect(first[n].text == "first copy's text number \(n), long enough to need storage")
            #expect(second[n].text == "second copy's own text \(n) — ünïcödé and 👋🏽 to be sure")
        }
        #expect(Self.columnAddress(first[3].storedText) == Self.columnAddress(second[3].storedText), "they share the column")
    }

    @Test("a text too long for a column keeps its own string and reads back whole")
    func aVeryLongTextStaysLoose() {
        var items = TranscriptItems()
        let long = String(repeating: "paragraph ", count: TextColumn.longestText / 10 + 1)
        items.insert(Self.message(0, text: long), order: TranscriptOrder(primary: 0, secondary: 0), at: 0)
        items.insert(Self.message(1), order: TranscriptOrder(primary: 1, secondary: 0), at: 1)
        #expect(Self.columnAddress(items[0].storedText) == nil && items[0].text == long)
        #expect(Self.columnAddress(items[1].storedText) != nil && items[1].text == Self.text(1))
    }

    @Test("an item whose text is in a column equals and hashes like the same item with its own string, canonically equivalent spellings included")
    func equalityIsByText() {
        var transcript = Transcript()
        for n in 0..<TranscriptItems.chunkLimit { transcript.merge(Self.message(n), isOwn: false) }
        for position in 0..<transcript.items.count {
            let stored = transcript.items[position]
            let fresh = Self.message(position)
            #expect(stored == fresh)
            #expect(stored.hashValue == fresh.hashValue)
            #expect(Set([stored, fresh]).count == 1)
        }
        let composed = "Café crème, s'il vous plaît — merci beaucoup"
        let decomposed = "Cafe\u{301} cre\u{300}me, s'il vous plai\u{302}t — merci beaucoup"
        var column: TextColumn?
        let inColumn = ItemText.loose(decomposed).placed(in: &column)
        #expect(Self.columnAddress(inColumn) != nil)
        #expect(inColumn == .loose(composed) && inColumn.hashValue == ItemText.loose(composed).hashValue)
        #expect(inColumn != .loose("Cafe crème"))
        var changed = transcript.items[1]
        changed.text = "something else entirely, long enough to need storage"
        #expect(changed != transcript.items[1])
    }

    @Test("an item stays 80 bytes with its text's and its revision's storage, and a chunk's entry 96")
    func itemSize() {
        // What a long chat costs per message: each byte here is 10 kB in a chat of 10,000.
        #expect(MemoryLayout<ChatItem>.size <= 80)
        #expect(MemoryLayout<TranscriptItems.Chunk.Entry>.stride <= 96)
    }

    @Test("inserts anywhere, edits, receipts and removals read back like a plain list of strings, and values held from before stay as they were, at every step of 200 seeded runs")
    func seededEditsAgreeWithAList() {
        for seed in 0..<200 {
            var random = SimRandom(seed: UInt64(seed))
            var items = TranscriptItems()
            var expected: [String] = []
            var orders: [TranscriptOrder] = []
            // Values a front end still holds (the last one, and one from a while ago) must read as they did.
            var held: [(items: TranscriptItems, texts: [String])] = []
            for step in 0..<Int(random.next() % 150) + 20 {
                held.append((items, expected))
                if held.count > 6 { held.remove(at: Int(random.next() % 5)) }
                let roll = random.next() % 10
                if roll < 6 || expected.isEmpty {
                    // Mostly appends, some inserts in the middle (history pages, replies before ours).
                    let position = roll == 0 && !expected.isEmpty ? Int(random.next() % UInt64(expected.count)) : expected.count
                    let order = TranscriptOrder(primary: Int64(position), secondary: Int64(step))
                    let item = Self.message(step, streaming: random.next() % 8 == 0)
                    items.insert(item, order: order, at: position)
                    expected.insert(item.text, at: position)
                    orders.insert(order, at: position)
                } else if roll < 8 {
                    let position = Int(random.next() % UInt64(expected.count))
                    var item = items[position]
                    if roll == 6 {
                        item.text = Self.text(Int(random.next() % 50)) + " (edited)"
                        item.isStreaming = false
                    } else {
                        item.delivery = .read  // a receipt: the text stays where it is
                    }
                    items.replace(at: position, with: item)
                    expected[position] = item.text
                } else {
                    let position = Int(random.next() % UInt64(expected.count))
                    items.remove(at: position)
                    expected.remove(at: position)
                    orders.remove(at: position)
                }
                let read = items.map(\.text)
                if read != expected {
                    Issue.record("seed \(seed), step \(step): the texts differ from the list")
                    return
                }
                for value in held where value.items.map(\.text) != value.texts {
                    Issue.record("seed \(seed), step \(step): a value held from before changed")
                    return
                }
            }
        }
    }
}
