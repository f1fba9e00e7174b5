import ChatModel
import Foundation
import Testing

@testable import ChatEngine

@Suite struct TranscriptStoreTests {
    let me = Participant(id: "me", name: "Maria", role: .customer)
    let agent = Participant(id: "a1", name: "Daniel", role: .agent)
    let t0 = Date(timeIntervalSince1970: 1000)

    func message(_ id: String, from sender: Participant, _ text: String, at offset: TimeInterval = 0) -> ChatItem {
        ChatItem(id: id, time: t0.addingTimeInterval(offset), sender: sender, kind: .message, text: text)
    }

    func pending(_ localId: String, _ text: String) -> ChatItem {
        ChatItem(id: localId, localId: localId, time: t0, sender: me, kind: .message, text: text, delivery: .pending)
    }

    @Test func sameIdIsPublishedOnce() {
        var store = TranscriptStore()
        let first = store.merge(message("x", from: agent, "hi"), me: me)
        let again = store.merge(message("x", from: agent, "hi"), me: me)
        #expect(first == .inserted(message("x", from: agent, "hi")))
        #expect(again == .duplicate)
        #expect(store.count == 1)
        #expect(store.lastServerItemId == "x")
    }

    @Test func echoBeforeAckUpdatesThePendingMessageInsteadOfAddingOne() {
        var store = TranscriptStore()
        _ = store.addPending(pending("L1", "hello"))
        guard case .updated(let updated) = store.merge(message("S1", from: me, "hello", at: 1), me: me) else {
            Issue.record("the echo should update the pending message")
            return
        }
        #expect(updated.localId == "L1" && updated.id == "S1" && updated.delivery == .sent)
        let acked = store.acknowledge(localId: "L1", id: "S1", time: t0)
        #expect(acked?.id == "S1")
        #expect(store.count == 1)
    }

    @Test func ackBeforeEchoMakesTheEchoADuplicate() {
        var store = TranscriptStore()
        _ = store.addPending(pending("L1", "hello"))
        let acked = store.acknowledge(localId: "L1", id: "S1", time: t0)
        let echo = store.merge(message("S1", from: me, "hello"), me: me)
        #expect(acked?.delivery == .sent)
        #expect(echo == .duplicate)
        #expect(store.count == 1)
    }

    @Test func identicalTwinsEachKeepTheirOwnServerId() {
        var store = TranscriptStore()
        _ = store.addPending(pending("L1", "ok"))
        _ = store.addPending(pending("L2", "ok"))
        _ = store.merge(message("S2", from: me, "ok"), me: me)  // L2's echo arrives first, matched to L1
        _ = store.acknowledge(localId: "L2", id: "S2", time: t0)
        _ = store.acknowledge(localId: "L1", id: "S1", time: t0)
        let ids = store.items.map(\.id).sorted()
        #expect(ids == ["S1", "S2"])
        let lateEcho = store.merge(message("S1", from: me, "ok"), me: me)
        #expect(lateEcho == .duplicate)
    }

    @Test func receiptsOnlyMoveForwardAndWaitForUnknownIds() {
        var store = TranscriptStore()
        _ = store.addPending(pending("L1", "hello"))
        let early = store.applyReceipt(messageId: "S1", delivery: .read)
        #expect(early == nil, "unknown id: kept for later")
        let acked = store.acknowledge(localId: "L1", id: "S1", time: t0)
        #expect(acked?.delivery == .read, "the early receipt applies on acknowledgement")
        let backwards = store.applyReceipt(messageId: "S1", delivery: .delivered)
        #expect(backwards == nil, "never backwards")
    }

    @Test func ownMessagesFromElsewhereAreMarkedSent() {
        var store = TranscriptStore()
        guard case .inserted(let item) = store.merge(message("S9", from: me, "from my phone"), me: me) else {
            Issue.record("expected an insert")
            return
        }
        #expect(item.delivery == .sent)
    }

    @Test func historyDoesNotMoveTheBackfillPosition() {
        var store = TranscriptStore()
        _ = store.merge(message("new", from: agent, "now", at: 10), me: me)
        var old = message("old", from: agent, "earlier", at: 20)
        old.isHistory = true
        _ = store.merge(old, me: me)
        #expect(store.lastServerItemId == "new")
    }
}

@Suite struct EchoByLocalIdTests {
    @Test func echoNamingOurLocalIdSettlesThePendingMessage() {
        var store = TranscriptStore()
        let me = Participant(id: "me", name: "Maria", role: .customer)
        _ = store.addPending(
            ChatItem(id: "L1", localId: "L1", time: Date(), sender: me, kind: .message, text: "hi", delivery: .pending))
        let echo = ChatItem(id: "E1", localId: "L1", time: Date(), sender: me, kind: .message, text: "hi")
        let merged = store.merge(echo, me: me)
        guard case .updated(let item) = merged else {
            Issue.record("expected an update, got \(merged)")
            return
        }
        #expect(item.id == "E1" && item.delivery == .sent && store.count == 1)
        let again = store.merge(echo, me: me)
        #expect(again == .duplicate)
    }
}
