import Foundation

/// What the flow's message rules did to one chat's customer messages (the server's own record).
struct MessageProcessingRecord: Sendable {
    /// Messages blocked or whose check failed: never stored as items, never seen by anyone.
    var stopped: [DemoStoppedMessage] = []
    /// Texts whose check failed once (the next try of the same text passes).
    var failedTexts: Set<String> = []
}

/// A customer message the flow's message rules stopped.
public struct DemoStoppedMessage: Sendable, Equatable {
    /// The id SendMessage answered with.
    public var id: String
    /// What the customer sent.
    public var content: String
    /// `REJECTED` or `FAILED`.
    public var status: String
}

/// How a checked message goes on.
enum MessageCheck {
    /// Passed as it is.
    case pass
    /// Passed with parts replaced (`PROCESSING`, then its redacted item on the socket).
    case redacted(String)
    /// Stopped: the SendMessage answer (`REJECTED` or `FAILED`), nothing stored or fanned out.
    case stopped(Data)

    /// The text delivered in place of the one sent, when redacted.
    var deliveredText: String? {
        if case .redacted(let text) = self { return text }
        return nil
    }
}

/// Amazon Connect's message processing, as the demo flow's `messageRules` set it (docs/flows.md): a
/// blocked message is answered `REJECTED`, one whose check failed `FAILED` (both with an `Id`, and
/// not passed on), a redacted one `PROCESSING` with its redacted copy on the socket (the flow reads
/// the redacted text too).
extension ContactCenterHub {
    func processMessage(_ contact: ContactRecord, _ participant: ParticipantRecord, content: String, contentType: String)
        -> MessageCheck
    {
        guard participant.role == .customer, contentType == "text/plain" || contentType == "text/markdown",
            !flow.messageRules.rules.isEmpty
        else { return .pass }
        let failedBefore = contact.processing.failedTexts.contains(content)
        let status: String
        switch flow.messageRules.verdict(for: content, failedBefore: failedBefore) {
        case .pass: return .pass
        case .redacted(let text): return .redacted(text)
        case .rejected: status = "REJECTED"
        case .failed:
            status = "FAILED"
            store.contacts[contact.contactId]?.processing.failedTexts.insert(content)
        }
        let id = Self.newId()
        let millis = store.contacts[contact.contactId]?.nextMillis(now: nowMillis) ?? nowMillis
        store.contacts[contact.contactId]?.processing.stopped.append(DemoStoppedMessage(id: id, content: content, status: status))
        logger.info("message \(id) \(status) by the flow's message rules")
        return .stopped(WireJSON.data(SendResponse(
            id: id, absoluteTime: ConnectTime.string(millis: millis), messageMetadata: .init(messageProcessingStatus: status))))
    }

    /// The messages of contact `contactId` that the message rules stopped, oldest first.
    func stoppedMessages(contactId: String) -> [DemoStoppedMessage] {
        store.contacts[contactId]?.processing.stopped ?? []
    }
}
