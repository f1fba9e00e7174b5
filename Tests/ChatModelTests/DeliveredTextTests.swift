import ChatModel
import Testing

/// The contact center's copy of our message when its message rules redacted it.
@Suite("Delivered text")
struct DeliveredTextTests {
    @Test("a copy with placeholders for what was typed is that message's copy")
    func copies() {
        #expect(DeliveredText.isCopy("my card is [PII]", of: "my card is 4111 1111 1111 1111"))
        #expect(DeliveredText.isCopy("[NAME] here, mail [EMAIL] now", of: "Ana here, mail ana@example.com now"))
        #expect(DeliveredText.isCopy("[PII][PII]", of: "ab"))
        #expect(DeliveredText.isCopy("same", of: "same"))
        #expect(DeliveredText.isCopy(" same ", of: "same"), "edge whitespace a server trims is not a change")
    }

    @Test("other text is not a copy: placeholders stand for at least one character, the rest must match")
    func notCopies() {
        #expect(!DeliveredText.isCopy("my card is [PII]", of: "my card is "))
        #expect(!DeliveredText.isCopy("my card was [PII]", of: "my card is 4111"))
        #expect(!DeliveredText.isCopy("[PII] x", of: "a y"))
        #expect(!DeliveredText.isCopy("[pii]", of: "secret"), "only capital placeholders")
        #expect(!DeliveredText.isCopy("other", of: "text"))
    }

    @Test("the transcript keeps what was typed when our message's copy reads otherwise, and only then")
    func transcriptKeepsTyped() {
        var transcript = Transcript()
        let me = Participant(id: "me", name: "You", role: .customer)
        transcript.addPending(ChatItem(id: "l1", localId: "l1", time: .now, sender: me, kind: .message, text: "card 4111", delivery: .pending))
        transcript.acknowledge(localId: "l1", id: "s1", time: .now, delivery: .checking)
        #expect(transcript.item(localId: "l1")?.delivery == .checking)
        transcript.merge(ChatItem(id: "s1", time: .now, sender: me, kind: .message, text: "card [PII]"), isOwn: true)
        let item = transcript.item(localId: "l1")
        #expect(item?.text == "card [PII]" && item?.typedText == "card 4111" && item?.delivery == .sent)
        transcript.applyReceipt(messageId: "s1", delivery: .read)
        #expect(transcript.item(localId: "l1")?.typedText == "card 4111", "a receipt keeps it")
    }

    @Test("a reply that went out as other text than it shows (a time slot's date) keeps showing as picked, and is not taken for redacted")
    func replySentAsOtherTextIsNotRedacted() {
        let me = Participant(id: "me", name: "You", role: .customer)
        let shown = "Fri, 13 Jun at 5:30 PM (30 min)"
        let sent = "2025-06-13T17:30+00:00"
        func pending() -> ChatItem {
            var item = ChatItem(id: "l1", localId: "l1", time: .now, sender: me, kind: .message, text: shown, delivery: .pending)
            item.sentText = sent
            return item
        }
        let copy = ChatItem(id: "s1", time: .now, sender: me, kind: .message, text: sent)
        // The answer to SendMessage first, then the server's copy.
        var acknowledged = Transcript()
        acknowledged.addPending(pending())
        acknowledged.acknowledge(localId: "l1", id: "s1", time: .now)
        acknowledged.merge(copy, isOwn: true)
        // The server's copy first, then the answer.
        var echoedFirst = Transcript()
        echoedFirst.addPending(pending())
        echoedFirst.merge(copy, isOwn: true)
        echoedFirst.acknowledge(localId: "l1", id: "s1", time: .now)
        // The transcript loaded anew (a reconnect's page) while the reply is held.
        var reloaded = Transcript()
        reloaded.addPending(pending())
        reloaded.acknowledge(localId: "l1", id: "s1", time: .now)
        reloaded.reload([(copy, true)], keeping: [], hasMore: false)
        for var transcript in [acknowledged, echoedFirst, reloaded] {
            #expect(transcript.count == 1)
            let item = transcript.item(localId: "l1")
            #expect(item?.text == shown && item?.isRedacted == false && item?.id == "s1", "\(String(describing: item))")
        }
        // A copy that reads otherwise than what went out is still told.
        var redacted = Transcript()
        redacted.addPending(pending())
        redacted.acknowledge(localId: "l1", id: "s1", time: .now)
        redacted.merge(ChatItem(id: "s1", time: .now, sender: me, kind: .message, text: "[PII]"), isOwn: true)
        #expect(redacted.item(localId: "l1")?.isRedacted == true)
    }

    @Test("receipts never move a message the contact center stopped")
    func stoppedStaysStopped() {
        var transcript = Transcript()
        let me = Participant(id: "me", name: "You", role: .customer)
        transcript.addPending(ChatItem(id: "l1", localId: "l1", time: .now, sender: me, kind: .message, text: "x", delivery: .pending))
        transcript.acknowledge(localId: "l1", id: "s1", time: .now, delivery: .rejected)
        transcript.applyReceipt(messageId: "s1", delivery: .read)
        #expect(transcript.item(localId: "l1")?.delivery == .rejected)
    }
}
