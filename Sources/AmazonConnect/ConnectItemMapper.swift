import SessionCore
import ChatModel
import Foundation

/// Turns Participant Service items into protocol-neutral backend events.
enum ConnectItemMapper {
    static let eventPrefix = "application/vnd.amazonaws.connect.event."
    static let interactiveType = "application/vnd.amazonaws.connect.message.interactive"

    /// Events for one item; `fromTranscript` marks REST items (never live reactions). An item whose
    /// `AbsoluteTime` cannot be read is placed at `arrival` (when the caller knows it).
    static func events(for item: ConnectItem, arrival: Date? = nil) -> [BackendEvent] {
        let time = ConnectTime.parse(item.absoluteTime) ?? arrival ?? ConnectTime.unreadable
        let sender = participant(of: item)
        let isHistory = item.contactId == nil && item.relatedContactId != nil
        switch item.type {
        case "MESSAGE":
            let verdict = ConnectProcessingStatus.verdict(item.messageMetadata?.messageProcessingStatus)
            var chat = ChatItem(
                id: item.id, time: time, sender: sender, kind: .message,
                contentType: item.contentType ?? "text/plain", text: item.content ?? "", isHistory: isHistory,
                isStreaming: item.messageMetadata?.messageCompleted == false)
            if chat.contentType == interactiveType, let template = InteractiveTemplate.parse(chat.text) {
                chat.text = template.markdown
                chat.contentType = "text/markdown"
                chat.choices = template.choices.isEmpty ? nil : template.choices
                chat.choiceReplies = template.choices.isEmpty ? nil : template.replies
                chat.choiceLabels = template.labels == template.choices || template.choices.isEmpty ? nil : template.labels
            } else if let display = replyDisplay(chat) {
                // A customer's answer to an interactive message reads as what they chose.
                chat.text = display
                chat.contentType = "text/plain"
            }
            if let verdict {
                // Our message as the contact center's message processing holds it (still being checked,
                // or stopped: nobody else sees it), shown in that state; once passed, its item comes
                // without a status.
                chat.delivery = verdict.delivery
                return [.item(chat), .processed(messageId: item.id, verdict: verdict)]
            }
            return [.item(chat)] + receipts(in: item.messageMetadata) + queueUpdate(for: chat)
        case "ATTACHMENT":
            let first = item.attachments?.first
            let attachment = Attachment(
                id: first?.attachmentId ?? item.id, name: first?.attachmentName ?? "attachment",
                contentType: first?.contentType ?? "application/octet-stream", status: first?.status)
            let rejected = attachment.status == "REJECTED" ? " (rejected)" : ""
            let chat = ChatItem(
                id: item.id, time: time, sender: sender, kind: .attachment(attachment),
                contentType: attachment.contentType, text: "📎 \(attachment.name)\(rejected)", isHistory: isHistory)
            return [.item(chat)] + receipts(in: item.messageMetadata)
        case "MESSAGEMETADATA":
            return processing(in: item.messageMetadata) + receipts(in: item.messageMetadata)
        case "EVENT":
            return event(item, sender: sender, time: time, isHistory: isHistory)
        default:
            return []
        }
    }

    /// How an answer to an interactive message reads: a view action or paging response, or a
    /// carousel selection sent as plain text; nil for other messages.
    static func replyDisplay(_ item: ChatItem) -> String? {
        switch item.contentType {
        case InteractiveReply.responseType: InteractiveReply.display(ofResponse: item.text)
        case "text/plain" where item.sender.role == .customer: InteractiveReply.display(ofPlain: item.text)
        default: nil
        }
    }

    private static func event(_ item: ConnectItem, sender: Participant, time: Date, isHistory: Bool) -> [BackendEvent] {
        let contentType = item.contentType ?? ""
        let name = contentType.hasPrefix(eventPrefix) ? String(contentType.dropFirst(eventPrefix.count)) : contentType
        let who = item.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? "Someone"
        if let stage = ConnectWire.authenticationEvent(name) {
            return authentication(stage, item, sender: sender, time: time, isHistory: isHistory)
        }
        let kind: ChatEventKind
        let text: String
        switch name {
        case "typing":
            return isHistory ? [] : [.typing(sender)]
        case "message.delivered", "message.read":
            guard let messageId = messageId(fromReceiptContent: item.content) else { return [] }
            return [.receipt(messageId: messageId, delivery: name == "message.read" ? .read : .delivered,
                             recipientId: item.participantId)]
        case "connection.acknowledged", "participant.active", "participant.inactive":
            return []
        case "participant.joined": (kind, text) = (.joined, "\(who) joined the chat")
        case "participant.left": (kind, text) = (.left, "\(who) left the chat")
        case "participant.idle": (kind, text) = (.idle, "\(who) is idle")
        case "participant.returned": (kind, text) = (.returned, "\(who) is back")
        case "participant.invited": (kind, text) = (.invited, "\(who) was invited to the chat")
        case "participant.autodisconnection": (kind, text) = (.autoDisconnection, "\(who) was disconnected for inactivity")
        case "participant.displayname.updated": (kind, text) = (.displayNameUpdated, "A participant is now called \(who)")
        case "transfer.succeeded": (kind, text) = (.transferSucceeded, "The chat was transferred")
        case "transfer.failed": (kind, text) = (.transferFailed, "The transfer failed")
        case "chat.ended": (kind, text) = (.chatEnded, "The chat has ended")
        case "chat.rehydrated": (kind, text) = (.chatRehydrated, "Your earlier conversation was restored")
        default:
            (kind, text) = (.other, name.replacingOccurrences(of: ".", with: " ").capitalizedFirst)
        }
        let chat = ChatItem(
            id: item.id, time: time, sender: sender, kind: .event(kind), contentType: contentType, text: text,
            isHistory: isHistory)
        return [.item(chat)] + queueUpdate(for: chat)
    }

    /// The queue position a live item announces (a SYSTEM prompt), or clears (an agent joined, the
    /// transfer failed, the chat ended).
    static func queueUpdate(for item: ChatItem) -> [BackendEvent] {
        guard !item.isHistory else { return [] }
        switch item.kind {
        case .message where item.sender.role == .system:
            return QueuePositionText.position(in: item.text).map { [.queuePosition($0)] } ?? []
        case .event(.joined) where item.sender.role == .agent:
            return [.queuePosition(nil)]
        case .event(.transferFailed), .event(.chatEnded):
            return [.queuePosition(nil)]
        default:
            return []
        }
    }

    /// The message processing verdict a MESSAGEMETADATA item carries for the message it names.
    static func processing(in metadata: ConnectMessageMetadata?) -> [BackendEvent] {
        guard let metadata, let messageId = metadata.messageId,
            let verdict = ConnectProcessingStatus.verdict(metadata.messageProcessingStatus)
        else { return [] }
        return [.processed(messageId: messageId, verdict: verdict)]
    }

    /// Receipt events inside a message's metadata (REST transcripts) or a MESSAGEMETADATA item.
    static func receipts(in metadata: ConnectMessageMetadata?) -> [BackendEvent] {
        guard let metadata, let messageId = metadata.messageId else { return [] }
        return (metadata.receipts ?? []).compactMap { receipt in
            let delivery: Delivery? =
                receipt.readTimestamp != nil ? .read : (receipt.deliveredTimestamp != nil ? .delivered : nil)
            return delivery.map { .receipt(messageId: messageId, delivery: $0, recipientId: receipt.recipientParticipantId) }
        }
    }

    /// The participant an item names (the contact center itself when it names none).
    static func participant(of item: ConnectItem) -> Participant {
        let role = role(item.participantRole, displayName: item.displayName)
        let name: String
        switch item.displayName {
        case .some(let display) where !display.isEmpty && display != "SYSTEM_MESSAGE": name = display == "BOT" ? "Bot" : display
        default: name = role == .system ? "System" : "Someone"
        }
        return Participant(id: item.participantId, name: name, role: role)
    }

    /// Maps `ParticipantRole` (Lex bots arrive as SYSTEM with DisplayName `BOT`).
    static func role(_ raw: String?, displayName: String?) -> ParticipantRole {
        switch raw {
        case "AGENT": .agent
        case "CUSTOMER": .customer
        case "CUSTOM_BOT": .bot
        case "SUPERVISOR": .supervisor
        case "SYSTEM": displayName == "BOT" ? .bot : .system
        default: .system
        }
    }

    private static func messageId(fromReceiptContent content: String?) -> String? {
        content.flatMap { JSONValue(parsing: $0) }?["messageId"]?.string
    }
}

extension String {
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}

/// Amazon Connect timestamps: `yyyy-MM-ddTHH:mm:ss.SSSZ`.
enum ConnectTime {
    /// Parses an AbsoluteTime, tolerating a missing fraction; nil when it cannot be read.
    static func parse(_ text: String) -> Date? {
        if let date = ConnectTimestamp.parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// The time of an unreadable AbsoluteTime when no arrival time is known (decoding alone).
    static let unreadable = Date(timeIntervalSince1970: 0)
}
