import ChatModel
import Foundation
import SimulatedServices
import Testing

/// A transcript keeps UUID-shaped ids as 16 bytes and finds items through its own table of
/// positions; these check that every id reads back as it was written and that lookups agree with a
/// plain search through many seeded runs of merges, pending sends, acknowledgements and removals.
@Suite("Item ids and the id index")
struct ItemIdentityTests {
    static let agent = Participant(id: "a1", name: "Daniel", role: .agent)
    static let me = Participant(id: "me", name: "Maria", role: .customer)

    @Test(
        "every id reads back exactly as it was written",
        arguments: [
            "11aa22bb-33cc-44dd-85ee-66ff77aa88bb", "11AA22BB-33CC-44DD-85EE-66FF77AA88BB",
            "11aA22bb-33cc-44dd-85ee-66ff77aa88bb", "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff", "11aa22bb-33cc-44dd-85ee-66ff77aa88b", "11aa22bb-33cc-44dd-85ee_66ff77aa88bb",
            "11aa22bb-33cc-44dd-85ee-66ff77aa88bg", "{1aa22bb-33cc-44dd-85ee-66ff77aa88bb", "m-1", "", "pending-é-1",
            "11aa22bb33cc44dd85ee66ff77aa88bb1234",
        ])
    func idsReadBack(id: String) throws {
        var item = ChatItem(id: id, time: Date(timeIntervalSince1970: 1), sender: Self.agent, kind: .message, text: "x")
        #expect(item.id == id)
        #expect(item.key == id)
        let decoded = try JSONDecoder().decode(ChatItem.self, from: JSONEncoder().encode(item))
        #expect(decoded.id == id && decoded == item)
        item.id = "other"
        item.id = id
        #expect(item.id == id)
    }

    @Test("items with ids that differ only in letter case are two items")
    func caseMatters() {
        var transcript = Transcript()
        let lower = "11aa22bb-33cc-44dd-85ee-66ff77aa88bb"
        transcript.merge(message(lower, "lower", at: 1), isOwn: false)
        transcript.merge(message(lower.uppercased(), "upper", at: 2), isOwn: false)
        #expect(transcript.count == 2)
        #expect(transcript.item(id: lower)?.text == "lower")
        #expect(transcript.item(id: lower.uppercased())?.text == "upper")
        #expect(transcript.item(id: "11aa22bb-33cc-44dd-85ee-66ff77aa88bB") == nil)
    }

    @Test("lookups by id agree with a plain search across 300 seeded runs of changes")
    func indexAgreesWithSearch() {
        for seed in 0..<300 {
            var random = SimRandom(seed: UInt64(seed))
            var transcript = Transcript()
            var known: [String] = []
            var pendingLocalIds: [String] = []
            for step in 0..<Int(random.next() % 120 + 20) {
                switch random.next() % 6 {
                case 0, 1, 2:
                    // A server message, mostly in time order, sometimes older, sometimes a repeat.
                    let id = random.next() % 5 == 0 && !known.isEmpty ? known[Int(random.next() % UInt64(known.count))] : uuid(&random)
                    let offset = Double(random.next() % 4 == 0 ? Int(random.next() % 50) : step + 50)
                    transcript.merge(message(id, "m\(step)", at: offset), isOwn: false)
                    known.append(id)
                case 3:
                    let localId = random.next() % 2 == 0 ? "local-\(seed)-\(step)" : uuid(&random)
                    transcript.addPending(
                        ChatItem(id: localId, localId: localId, time: Date(timeIntervalSince1970: 1_000), sender: Self.me,
                                 kind: .message, text: "typed \(step)", delivery: .pending))
                    pendingLocalIds.append(localId)
                case 4 where !pendingLocalIds.isEmpty:
                    let localId = pendingLocalIds.removeFirst()
                    let id = uuid(&random)
                    _ = transcript.acknowledge(localId: localId, id: id, time: Date(timeIntervalSince1970: Double(step + 50)))
                    known.append(id)
                case 5 where !pendingLocalIds.isEmpty:
                    let at = Int(random.next() % UInt64(pendingLocalIds.count))
                    _ = transcript.remove(localId: pendingLocalIds.remove(at: at))
                default:
                    break
                }
                let probe = random.next() % 3 == 0 ? uuid(&random) : (known.randomElement(using: &random) ?? "none")
                let expected = transcript.items.lastIndex { $0.id == probe }
                #expect(transcript.position(id: probe) == expected, "seed \(seed) step \(step): \(probe)")
            }
            for (position, item) in transcript.items.enumerated() {
                #expect(transcript.position(id: item.id) == position, "seed \(seed): \(item.id) at \(position)")
            }
        }
    }

    func message(_ id: String, _ text: String, at offset: TimeInterval) -> ChatItem {
        ChatItem(id: id, time: Date(timeIntervalSince1970: 1_000 + offset), sender: Self.agent, kind: .message, text: text)
    }

    func uuid(_ random: inout SimRandom) -> String {
        let high = random.next()
        let low = random.next()
        let hex = String(format: "%016llx%016llx", high, low)
        let characters = Array(hex)
        let text = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
        return random.next() % 10 == 0 ? text.uppercased() : text
    }
}
