import ChatModel
import Foundation
import Testing

/// The one transcript's rules: each item once, in server order, our messages known across the
/// local id → server id change, receipts only forward, pages merged in order.
@Suite struct TranscriptTests {
    let me = Participant(id: "me", name: "Maria", role: .customer)
    let agent = Participant(id: "a1", name: "Daniel", role: .agent)
    let t0 = Date(timeIntervalSince1970: 1000)

    func message(_ id: String, from sender: Participant, _ text: String, at offset: TimeInterval = 0) -> ChatItem {
        ChatItem(id: id, time: t0.addingTimeInterval(offset), sender: sender, kind: .message, text: text)
    }

    func pending(_ localId: String, _ text: String, at offset: TimeInterval = 0) -> ChatItem {
        ChatItem(id: localId, localId: localId, time: t0.addingTimeInterval(offset), sender: me, kind: .message, text: text, delivery: .pending)
    }

    @Test func sameIdIsHeldOnceAndAnUnchangedRepeatChangesNothing() {
        var transcript = Transcript()
        transcript.merge(message("x", from: agent, "hi"), isOwn: false)
        transcript.merge(message("x", from: agent, "hi"), isOwn: false)
        let updates = transcript.takeUpdates()
        #expect(updates.map(\.change) == [.inserted(position: 0)])
        #expect(transcript.count == 1)
    }

    @Test func itemsSortByServerTimeWhateverOrderTheyArriveIn() {
        var transcript = Transcript()
        transcript.merge(message("b", from: agent, "second", at: 2), isOwn: false)
        transcript.merge(message("c", from: agent, "third", at: 3), isOwn: false)
        transcript.merge(message("a", from: agent, "first", at: 1), isOwn: false)
        #expect(transcript.items.map(\.id) == ["a", "b", "c"])
        #expect(transcript.takeUpdates().last?.change == .inserted(position: 0))
    }

    @Test func sequenceOrderingIgnoresTimestamps() {
        var transcript = Transcript(ordering: .sequence)
        var late = message("late", from: agent, "numbered 2", at: 0)
        late.sequence = 2
        var early = message("early", from: agent, "numbered 1", at: 50)
        early.sequence = 1
        transcript.merge(late, isOwn: false)
        transcript.merge(early, isOwn: false)
        #expect(transcript.items.map(\.id) == ["early", "late"])
    }

    @Test func unsentMessagesStayLastInTypedOrderThenMoveToTheirServerPlace() {
        var transcript = Transcript()
        transcript.addPending(pending("L1", "one", at: 10))
        transcript.addPending(pending("L2", "two", at: 11))
        transcript.merge(message("r", from: agent, "a reply", at: 5), isOwn: false)
        #expect(transcript.items.map(\.id) == ["r", "L1", "L2"])
        let acknowledged = transcript.acknowledge(localId: "L2", id: "S2", time: t0.addingTimeInterval(3))
        #expect(acknowledged)
        #expect(transcript.items.map(\.id) == ["S2", "r", "L1"])
        #expect(transcript.takeUpdates().last?.change == .moved(from: 2, to: 0))
    }

    @Test func anEchoThatCameBeforeTheAcknowledgementBecomesOneItemWithOurLocalId() {
        var transcript = Transcript()
        transcript.addPending(pending("L1", "hello"))
        transcript.merge(message("S1", from: me, "hello", at: 1), isOwn: true)
        #expect(transcript.count == 2)
        let acknowledged = transcript.acknowledge(localId: "L1", id: "S1", time: t0)
        #expect(acknowledged)
        #expect(transcript.count == 1)
        let item = transcript[0]
        #expect(item.id == "S1" && item.localId == "L1" && item.delivery == .sent)
    }

    @Test func afterTheAcknowledgementTheEchoIsADuplicate() {
        var transcript = Transcript()
        transcript.addPending(pending("L1", "hello"))
        transcript.acknowledge(localId: "L1", id: "S1", time: t0)
        _ = transcript.takeUpdates()
        transcript.merge(message("S1", from: me, "hello"), isOwn: true)
        #expect(transcript.takeUpdates().isEmpty)
        #expect(transcript.count == 1)
    }

    @Test func identicalTwinsEachKeepTheirOwnServerId() {
        var transcript = Transcript()
        transcript.addPending(pending("L1", "ok"))
        transcript.addPending(pending("L2", "ok"))
        transcript.acknowledge(localId: "L2", id: "S2", time: t0.addingTimeInterval(2))
        transcript.acknowledge(localId: "L1", id: "S1", time: t0.addingTimeInterval(1))
        #expect(transcript.items.map(\.id) == ["S1", "S2"])
        #expect(transcript.items.map(\.localId) == ["L1", "L2"])
    }

    @Test func receiptsOnlyMoveForwardAndWaitForUnknownIds() {
        var transcript = Transcript()
        transcript.addPending(pending("L1", "hello"))
        transcript.applyReceipt(messageId: "S1", delivery: .read)
        #expect(transcript[0].delivery == .pending, "unknown id: kept for later")
        transcript.acknowledge(localId: "L1", id: "S1", time: t0)
        transcript.merge(message("S1", from: me, "hello"), isOwn: true)
        transcript.merge(message("S2", from: me, "later"), isOwn: true)
        transcript.applyReceipt(messageId: "S2", delivery: .delivered)
        transcript.applyReceipt(messageId: "S2", delivery: .read)
        transcript.applyReceipt(messageId: "S2", delivery: .delivered)
        #expect(transcript.items.map(\.delivery) == [.sent, .read], "the early receipt waits for its own message; never backwards")
    }

    @Test func ownMessagesFromElsewhereAreMarkedSentAndEventsAreNobodysOwn() {
        var transcript = Transcript()
        transcript.merge(message("S9", from: me, "from my phone"), isOwn: true)
        transcript.merge(ChatItem(id: "j", time: t0, sender: me, kind: .event(.joined), text: "Maria joined"), isOwn: false)
        #expect(transcript[0].delivery == .sent && transcript[0].isOwn)
        #expect(transcript[1].delivery == nil)
    }

    @Test func anEchoNamingOurLocalIdSettlesThePendingMessage() {
        var transcript = Transcript(ordering: .sequence)
        transcript.addPending(pending("L1", "hi"))
        var echo = ChatItem(id: "E1", localId: "L1", time: t0, sender: me, kind: .message, text: "hi")
        echo.sequence = 7
        transcript.merge(echo, isOwn: true)
        transcript.merge(echo, isOwn: true)
        #expect(transcript.count == 1)
        #expect(transcript[0].id == "E1" && transcript[0].delivery == .sent)
    }

    @Test func aStreamedReplyGrowsInPlace() {
        var transcript = Transcript()
        var part = message("s", from: agent, "Hel", at: 1)
        part.isStreaming = true
        transcript.merge(part, isOwn: false)
        part.text = "Hello, wor"
        transcript.merge(part, isOwn: false)
        part.text = "Hello, world"
        part.isStreaming = false
        part.choices = ["Thanks"]
        transcript.merge(part, isOwn: false)
        #expect(transcript.count == 1)
        #expect(transcript[0].text == "Hello, world" && !transcript[0].isStreaming && transcript[0].choices == ["Thanks"])
        #expect(transcript.takeUpdates().map(\.change) == [.inserted(position: 0), .updated(position: 0), .updated(position: 0)])
    }

    @Test func anOlderPageIsMergedInTimeOrderWithOurMessagesShownAsOurs() {
        var transcript = Transcript()
        transcript.merge(message("n", from: agent, "now", at: 100), isOwn: false)
        transcript.mergeOlder(
            [(message("o2", from: me, "mine, earlier", at: 20), true), (message("o1", from: agent, "earlier", at: 10), false)],
            hasMore: true)
        #expect(transcript.items.map(\.id) == ["o1", "o2", "n"])
        #expect(transcript[1].isOwn && transcript[1].delivery == .sent)
        #expect(transcript.takeUpdates().last?.change == .merged(count: 2, hasMore: true))
    }

    @Test func aReloadKeepsWhatTheServerDoesNotHaveYet() {
        var transcript = Transcript()
        transcript.merge(message("a", from: agent, "old", at: 1), isOwn: false)
        transcript.addPending(pending("L1", "unsent"))
        transcript.reload([(message("a", from: agent, "old", at: 1), false), (message("b", from: agent, "new", at: 2), false)],
            keeping: [pending("L1", "unsent")], hasMore: false)
        #expect(transcript.items.map(\.id) == ["a", "b", "L1"])
        #expect(transcript.takeUpdates().last?.change == .reset(hasMore: false))
    }

    @Test func aReloadKeepsTheAnswersGivenHere() {
        var transcript = Transcript()
        var offer = message("o", from: agent, "Pick one")
        offer.choices = ["Yes", "No"]
        transcript.merge(offer, isOwn: false)
        transcript.modify(id: "o") { $0.answer = "Yes" }
        // The server's copy of the offer knows no answer.
        transcript.reload([(offer, false)], keeping: [], hasMore: false)
        #expect(transcript[0].answer == "Yes" && !transcript[0].isOpenForPicking)
    }

    @Test func aCopyHandedToAFrontEndDoesNotChangeWhenTheTranscriptGoesOn() {
        var transcript = Transcript()
        for index in 0..<200 { transcript.merge(message("m\(index)", from: agent, "text \(index)", at: Double(index)), isOwn: false) }
        let copy = transcript.items
        transcript.modify(id: "m5") { $0.text = "changed" }
        transcript.merge(message("early", from: agent, "inserted in the middle", at: 50.5), isOwn: false)
        #expect(copy.count == 200 && copy[5].text == "text 5")
        #expect(transcript.count == 201 && transcript[5].text == "changed" && transcript[51].id == "early")
        #expect(Array(transcript.items.map(\.id).prefix(3)) == ["m0", "m1", "m2"])
    }
    @Test func anAnsweredOfferKeepsItsAnswerAndChoicesButItsTextStillFollowsTheServer() {
        var transcript = Transcript()
        var offer = message("o", from: agent, "You said: is noted.")
        offer.choices = ["Yes", "No"]
        transcript.merge(offer, isOwn: false)
        transcript.modify(id: "o") { $0.answer = "No" }
        // A late chunk of the streamed offer: the text grows; the answer and its choices stay.
        var grown = offer
        grown.text = "You said: m1 help. That is noted."
        grown.choices = ["Yes", "No", "Maybe"]
        transcript.merge(grown, isOwn: false)
        #expect(transcript.items.first?.text == "You said: m1 help. That is noted.")
        #expect(transcript.items.first?.answer == "No")
        #expect(transcript.items.first?.choices == ["Yes", "No"])
    }

    @Test func aLoadedFormKeepsItsTextWhenTheServerSendsItsMessageAgain() {
        var transcript = Transcript()
        let view = message("v", from: agent, "{\"templateType\":\"ViewResource\"}")
        transcript.merge(view, isOwn: false)
        transcript.modify(id: "v") { $0.show(form: ChatForm(intro: "**Your details**"), actions: ["Submit"]) }
        transcript.merge(view, isOwn: false)
        #expect(transcript.items.first?.text == "**Your details**")
        #expect(transcript.items.first?.choices == ["Submit"])
    }
}
