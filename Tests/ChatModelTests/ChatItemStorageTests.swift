import ChatModel
import Foundation
import Testing

/// ChatItem keeps rare fields, the sender and unusual content types out of line; these check that
/// it still reads, writes, compares and encodes like a plain value.
@Suite("ChatItem's compact storage")
struct ChatItemStorageTests {
    static let ava = Participant(id: "p-1", name: "Ava", role: .agent)

    static func message(_ text: String = "hi", contentType: String = "text/plain") -> ChatItem {
        ChatItem(id: "m-1", time: Date(timeIntervalSince1970: 60), sender: ava, kind: .message, contentType: contentType, text: text)
    }

    @Test("rare fields set and cleared one by one read back; a copy keeps its own values")
    func rareFieldsAreValues() {
        var item = Self.message()
        #expect(item.choices == nil && item.localId == nil && item.answer == nil && item.form == nil)
        item.choices = ["Yes", "No"]
        item.choiceLabels = ["Yes, please", "No"]
        item.localId = "l-1"
        let copy = item
        item.answer = "Yes"
        item.choices?.append("Maybe")
        #expect(copy.answer == nil && copy.choices == ["Yes", "No"], "the copy did not change with the original")
        #expect(item.choices == ["Yes", "No", "Maybe"] && item.answer == "Yes" && item.localId == "l-1")
        item.choices = nil
        item.choiceLabels = nil
        item.localId = nil
        item.answer = nil
        #expect(item == Self.message(), "with every rare field cleared it equals a plain message again")
        #expect(item.hashValue == Self.message().hashValue)
    }

    @Test("items built apart with equal fields are equal and hash alike; any field that differs tells them apart")
    func equalityIsByValue() {
        var a = Self.message()
        var b = Self.message()
        a.cards = [ChatCard(kind: .link, title: "Track", url: "https://example.com/t")]
        b.cards = [ChatCard(kind: .link, title: "Track", url: "https://example.com/t")]
        #expect(a == b && a.hashValue == b.hashValue)
        b.sender = Participant(id: "p-1", name: "Ava B.", role: .agent)
        #expect(a != b)
        b.sender = Self.ava
        b.contentType = "application/vnd.amazonaws.connect.message.interactive"
        #expect(a != b)
    }

    @Test("content types: the usual two and any other read back as written")
    func contentTypes() throws {
        for type in ["text/plain", "text/markdown", "application/json", "image/png", ""] {
            var item = Self.message(contentType: type)
            #expect(item.contentType == type)
            #expect(item.isMarkdown == (type == "text/markdown"))
            item.contentType = "text/markdown"
            #expect(item.contentType == "text/markdown" && item.isMarkdown)
            item.contentType = type
            #expect(item == Self.message(contentType: type))
        }
        let odd = Self.message(contentType: "application/vnd.amazonaws.connect.message.interactive")
        #expect(try JSONDecoder().decode(ChatItem.self, from: JSONEncoder().encode(odd)) == odd)
    }

    @Test("the kind keeps an attachment's description; changing the kind drops it")
    func attachmentKind() {
        var item = Self.message()
        let receipt = Attachment(id: "a-1", name: "receipt.png", contentType: "image/png", status: "APPROVED", size: 2_048)
        item.kind = .attachment(receipt)
        #expect(item.attachment == receipt && item.kind == .attachment(receipt))
        item.kind = .event(.joined)
        #expect(item.attachment == nil && item.kind == .event(.joined))
        item.kind = .message
        #expect(item == Self.message())
    }

    @Test("a pool hands every item of one sender the same participant; equal items stay equal")
    func pooledSenders() {
        var pool = ParticipantPool()
        var items = (0..<5).map { n in
            ChatItem(id: "m-\(n)", time: Date(timeIntervalSince1970: 60), sender: Participant(id: "p-1", name: "Ava", role: .agent),
                     kind: .message, text: "\(n)")
        }
        let before = items
        for index in items.indices { items[index].shareSender(in: &pool) }
        #expect(items == before)
        #expect(items.allSatisfy { $0.sender == Self.ava })
    }
}
