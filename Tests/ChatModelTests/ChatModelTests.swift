import ChatModel
import Foundation
import Testing

@Suite struct ChatModelTests {
    @Test func deliveryOrderIsProgress() {
        #expect(Delivery.pending < .sent && Delivery.sent < .delivered && Delivery.delivered < .read)
        #expect(Delivery.failed < .pending)
        #expect(Delivery.allLabels == ["sending…", "sent", "delivered", "read", "failed"])
    }

    @Test func terminalStates() {
        #expect(ConnectionState.closed(reason: .byServer).isTerminal)
        #expect(ConnectionState.failed(reason: "x").isTerminal)
        #expect(!ConnectionState.reconnecting(attempt: 1, nextRetryAt: Date()).isTerminal)
        #expect(!ConnectionState.closing.isTerminal)
    }

    @Test func itemsRoundTripThroughJSON() throws {
        let item = ChatItem(
            id: "1", localId: "l", time: Date(timeIntervalSince1970: 12), sender: Participant(id: "p", name: "Ava", role: .agent),
            kind: .attachment(Attachment(id: "a", name: "r.png", contentType: "image/png", status: "APPROVED")),
            contentType: "image/png", text: "📎 r.png", delivery: .sent)
        let decoded = try JSONDecoder().decode(ChatItem.self, from: JSONEncoder().encode(item))
        #expect(decoded == item)
        #expect(decoded.isOwn)
    }
}

extension Delivery {
    static var allLabels: [String] { [Delivery.pending, .sent, .delivered, .read, .failed].map(\.label) }
}
