import ChatModel
import Foundation
import Testing

@testable import SessionCore

/// Ending the chat through ``ChatEnding``'s own transitions: the user's `/end`, its answer, the
/// server's end, and the reason said.
@Suite("Ending the chat")
struct ChatEndingTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func item(_ kind: ChatItemKind, from role: ParticipantRole, name: String = "Ana", at time: Date = t0) -> ChatItem {
        ChatItem(id: "i", time: time, sender: Participant(name: name, role: role), kind: kind, text: "")
    }

    @Test("with unsent messages the end waits for them, then goes once")
    func flushThenSend() {
        var ending = ChatEnding()
        let asked = ending.requested(closingOrOver: false, outboxDrained: false, suspended: false)
        #expect(asked == .flush)
        #expect(ending.phase == .flushing && ending.askedByUser)
        let again = ending.requested(closingOrOver: false, outboxDrained: false, suspended: false)
        #expect(again == .ignore, "a second /end while flushing")
        let drained = ending.flushOver()
        #expect(drained, "the outbox drained: send the end")
        #expect(ending.phase == .sent)
        let timerAfter = ending.flushOver()
        #expect(!timerAfter, "the flush timer firing after is nothing")
    }

    @Test("with nothing unsent, or while suspended, the end goes at once; a closing or ended chat ignores /end")
    func sendAtOnce() {
        var drained = ChatEnding()
        let asked = drained.requested(closingOrOver: false, outboxDrained: true, suspended: false)
        #expect(asked == .sendEnd)
        #expect(drained.phase == .sent)
        var suspended = ChatEnding()
        let askedSuspended = suspended.requested(closingOrOver: false, outboxDrained: false, suspended: true)
        #expect(askedSuspended == .sendEnd)
        var over = ChatEnding()
        let askedLate = over.requested(closingOrOver: true, outboxDrained: true, suspended: false)
        #expect(askedLate == .ignore)
        #expect(over.phase == .notAsked && !over.askedByUser)
    }

    @Test("an end that went through on a live socket waits a grace for the server's end; off a live socket it ends")
    func answeredWhileLiveOrNot() {
        var live = ChatEnding()
        _ = live.requested(closingOrOver: false, outboxDrained: true, suspended: false)
        let answered = live.answered(refused: false, closing: true, mayRenew: true, live: true)
        #expect(answered == .awaitServerEnd)
        #expect(live.awaitsServerEnd)
        live.graceOver()
        #expect(live.phase == .sent && !live.awaitsServerEnd)

        var offline = ChatEnding()
        _ = offline.requested(closingOrOver: false, outboxDrained: true, suspended: false)
        let offlineAnswer = offline.answered(refused: false, closing: true, mayRenew: true, live: false)
        #expect(offlineAnswer == .end)
        let answeredLate = offline.answered(refused: false, closing: false, mayRenew: true, live: true)
        #expect(answeredLate == .none, "no longer closing")
    }

    @Test("an end refused with an expired token renews once and sends again; a second refusal gives up")
    func refusedEnd() {
        var ending = ChatEnding()
        _ = ending.requested(closingOrOver: false, outboxDrained: true, suspended: false)
        let refused = ending.answered(refused: true, closing: true, mayRenew: true, live: true)
        #expect(refused == .renewToSend)
        #expect(ending.phase == .renewingToSend)
        let renewed = ending.renewedToSend()
        #expect(renewed, "the new connection is for the end")
        let renewedAgain = ending.renewedToSend()
        #expect(!renewedAgain, "only once")
        let refusedAgain = ending.answered(refused: true, closing: true, mayRenew: false, live: true)
        #expect(refusedAgain == .fail)
    }

    @Test("after the server ended the chat, a refused or answered end just ends it")
    func endAnsweredAfterTheServerEnded() {
        var ending = ChatEnding()
        _ = ending.requested(closingOrOver: false, outboxDrained: true, suspended: false)
        let serverEnd = ending.serverEndedChat(readingBackfill: false)
        #expect(serverEnd == .end)
        let answered = ending.answered(refused: true, closing: true, mayRenew: true, live: true)
        #expect(answered == .end)
        #expect(ending.reason(lastOwn: Self.t0) == .byYou, "the user's end is still theirs")
    }

    @Test("the server's end while missed messages are read waits for the page, which then ends the chat")
    func serverEndDuringBackfill() {
        var ending = ChatEnding()
        let serverEnd = ending.serverEndedChat(readingBackfill: true)
        #expect(serverEnd == .readBackfillFirst)
        #expect(ending.endsAfterBackfill && ending.serverEnded)
        let pageCame = ending.serverEndedChat(readingBackfill: true)
        #expect(pageCame == .end, "the page came: end, even if another is on its way")
        #expect(!ending.endsAfterBackfill && ending.server == .ended)
    }

    @Test("the reason: the user's end, an idle end counted from our last item, the last leaver, else the server")
    func reasons() {
        var ending = ChatEnding()
        #expect(ending.reason(lastOwn: Self.t0) == .byServer)
        ending.heard(Self.item(.event(.left), from: .agent, name: "Ana"))
        #expect(ending.reason(lastOwn: Self.t0) == .byParticipant("Ana"))
        ending.heard(Self.item(.message, from: .agent))
        #expect(ending.reason(lastOwn: Self.t0) == .byServer, "a message after the leave: someone is still there")
        ending.heard(Self.item(.event(.left), from: .customer, name: "Other"))
        #expect(ending.reason(lastOwn: Self.t0) == .byServer, "a customer leaving is no agent's end")
        ending.heard(Self.item(.event(.autoDisconnection), from: .system, at: Self.t0.addingTimeInterval(600)))
        #expect(ending.reason(lastOwn: Self.t0) == .idle(minutes: 10))
        _ = ending.requested(closingOrOver: false, outboxDrained: true, suspended: false)
        #expect(ending.reason(lastOwn: Self.t0) == .byYou)
    }
}
