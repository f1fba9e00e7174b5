import Foundation
import PolyAI
import SessionCore
import Testing

/// A message Helpline will not send as it is, as the user meets it: said to be Helpline's refusal, not
/// the contact center's, with no made-up HTTP status. Before, it read "the contact center refused it
/// (request rejected (HTTP 0 MessageTooLarge): …)".
@Suite("PolyAI: a message refused before it is sent")
struct PolyAILocalRefusalTests {
    @Test("a restored message larger than PolyAI takes fails at once, said to be Helpline's refusal")
    func restoredMessageTooLarge() throws {
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let large = OutboxEntry(
            localId: "L1", clientToken: "T1", text: String(repeating: "a", count: 1_048_577), contentType: "text/plain",
            createdAt: t0)
        var (core, socket) = try PolyAIOfferTests().connectedCore(restoring: [large], answered: false)
        // The server answers the opening heartbeat: the socket is ready and the outbox is tried.
        let effects = core.handle(.socketFrame(socket, #"{"type":"EVENT_TYPE_HEARTBEAT","payload":{},"sequence":null}"#), now: t0)
        let notices = effects.compactMap { effect -> String? in
            if case .publish(.notice(let text)) = effect { text } else { nil }
        }
        #expect(notices == ["Message not sent: the message is larger than PolyAI takes (1048576 bytes); Helpline did not send it."])
        #expect(core.unsentMessages.first?.failed == true)
        #expect(core.unsentMessages.first?.refusal == "the message is larger than PolyAI takes (1048576 bytes)")
        #expect(!effects.contains { if case .write(_, let frame) = $0 { frame.count > 1_000_000 } else { false } }, "nothing large is written")
    }

    @Test("a local refusal is neither retried nor thought delivered")
    func localRefusalIsFinal() {
        let error = BackendError.notSent("PolyAI chats carry no attachments")
        #expect(!error.isRetryable && !error.mayHaveReachedServer)
        #expect(error.description == "PolyAI chats carry no attachments")
        #expect(!PolyAIError.invalidConfiguration("empty API key").backendError.description.contains("HTTP 0"))
    }
}
