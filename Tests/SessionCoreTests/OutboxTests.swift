import ChatModel
import Foundation
import Testing

@testable import SessionCore

/// The outbox through its own transitions: the head, its retry wait, the echoes held while its call
/// is under way.
@Suite("The outbox")
struct OutboxTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(_ localId: String, _ text: String = "hi") -> OutboxEntry {
        OutboxEntry(localId: localId, clientToken: "token-\(localId)", text: text, contentType: "text/plain", createdAt: t0)
    }

    static func echo(_ id: String, _ text: String) -> ChatItem {
        ChatItem(id: id, time: t0, sender: Participant(name: "You", role: .customer), kind: .message, text: text)
    }

    @Test("only the head goes; a failed head steps aside; /retry puts it at the end")
    func head() {
        var outbox = Outbox()
        outbox.append(Self.entry("a"))
        outbox.append(Self.entry("b"))
        #expect(outbox.head?.localId == "a")
        outbox.setHead(.inFlight)
        outbox.fail(localId: "a")
        #expect(outbox.head?.localId == "b" && outbox.headState == .waiting)
        let revived = outbox.revive(localId: "a")
        #expect(revived && outbox.entries.map(\.localId) == ["b", "a"])
        outbox.remove(localId: "b")
        outbox.remove(localId: "a")
        #expect(outbox.isDrained)
    }

    @Test("the retry wait is ended once, whoever ends it, and outlives the head it was for")
    func retryWait() {
        var outbox = Outbox()
        outbox.append(Self.entry("a"))
        let none = outbox.endRetryWait()
        #expect(!none)
        outbox.scheduleRetry()
        outbox.remove(localId: "a")
        #expect(outbox.retryScheduled, "the timer still runs: only its end clears it")
        let ended = outbox.endRetryWait()
        let again = outbox.endRetryWait()
        #expect(ended && !again)
    }

    @Test("held echoes: the head's copy is taken by its text, the rest released together")
    func heldEchoes() {
        var outbox = Outbox()
        outbox.hold(Self.echo("s1", "hello"))
        outbox.hold(Self.echo("s2", "other"))
        let missing = outbox.takeHeldEcho(text: "nope")
        #expect(missing == nil)
        let taken = outbox.takeHeldEcho(text: "hello")
        #expect(taken?.id == "s1")
        let released = outbox.releaseHeldEchoes()
        #expect(released.map(\.id) == ["s2"] && outbox.heldEchoes.isEmpty)
    }
}
