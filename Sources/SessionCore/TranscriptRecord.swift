import ChatModel
import Foundation

/// One line of a JSON-lines transcript (`--transcript FILE`).
///
/// The contract (docs/resilience.md): an item is written once it is complete — a streamed reply when
/// its last part arrived, one of our messages once the server accepted it or it failed. A later line
/// updates the earlier one with the same `localId` (when it has one) or else the same `id`: its delivery moved on
/// (`sent` → `delivered` → `read`, with `deliveryTime`; `checking` → `sent` or `rejected`), a failed
/// message was sent after all, the contact center redacted it (`typed` keeps what was typed), a form
/// was answered, an attachment's scan finished, or (`removed`) the user dropped a failed message.
/// Replaying the lines by that rule (``replay(_:)``) gives the transcript as the chat ended.
/// Choices and attachments are fields, never part of `text`.
public struct TranscriptRecord: Codable, Sendable, Hashable {
    /// An attachment, as recorded.
    public struct AttachmentInfo: Codable, Sendable, Hashable {
        /// The protocol's attachment id.
        public var id: String
        /// The file name.
        public var name: String
        /// Its MIME type.
        public var contentType: String
        /// The server's scan verdict (`APPROVED`, `REJECTED`, `IN_PROGRESS`), if any.
        public var status: String?
        /// Its size in bytes, when known.
        public var size: Int64?
    }

    /// The server's id (our local id while the server has not accepted the message).
    public var id: String
    /// Our local id, for our own messages.
    public var localId: String?
    /// When the item happened (ISO 8601, milliseconds, UTC).
    public var time: String
    /// `message`, `attachment` or `event`.
    public var kind: String
    /// For events: what happened (`joined`, `left`, `chatEnded`, …).
    public var event: String?
    /// `customer`, `agent`, `bot` or `system`.
    public var role: String
    /// The display name.
    public var name: String
    /// The MIME type of `text`.
    public var contentType: String
    /// The text (for events, a readable sentence; for our own messages, what the contact center
    /// delivered: redacted when `typed` is set).
    public var text: String
    /// For our own messages the contact center delivered with other text (its message rules redacted
    /// it): what the user typed. Absent when what was delivered is what was typed.
    public var typed: String?
    /// For our own messages: `sent`, `delivered`, `read`, `failed` or `unconfirmed`, and where the
    /// contact center's message processing put it: `checking` (being checked), `rejected` (blocked by
    /// its message rules; `text` never reached anyone) or `notProcessed` (the check failed).
    public var delivery: String?
    /// When the delivery state was reached (ISO 8601).
    public var deliveryTime: String?
    /// True for items of an earlier chat (persistent chat).
    public var history: Bool?
    /// The choices offered (quick replies, list pickers, suggestions, a form's actions).
    public var choices: [String]?
    /// The choice picked, once answered.
    public var answer: String?
    /// The attachment, for attachment items.
    public var attachment: AttachmentInfo?
    /// Links, images and phone numbers the message carries besides its text.
    public var cards: [ChatCard]?
    /// True when the item is gone (a failed message the user dropped).
    public var removed: Bool?

    /// The key later lines update this one by.
    public var key: String { localId ?? id }

    /// The line for `item` (`deliveryTime` is when its delivery state was reached).
    public init(item: ChatItem, deliveryTime: Date? = nil) {
        id = item.id
        localId = item.localId
        time = Self.timestamp(item.time)
        switch item.kind {
        case .message:
            kind = "message"
        case .attachment(let file):
            kind = "attachment"
            attachment = AttachmentInfo(
                id: file.id, name: file.name, contentType: file.contentType, status: file.status, size: file.size)
        case .event(let what):
            kind = "event"
            event = what.rawValue
        }
        switch item.sender.role {
        case .customer: role = "customer"
        case .agent, .supervisor: role = "agent"
        case .bot: role = "bot"
        case .system: role = "system"
        }
        name = item.sender.name
        contentType = item.contentType
        text = item.text
        typed = item.typedText
        delivery = item.delivery?.rawValue
        self.deliveryTime = item.delivery == nil ? nil : deliveryTime.map(Self.timestamp)
        history = item.isHistory ? true : nil
        choices = item.choices.flatMap { $0.isEmpty ? nil : $0 }
        answer = item.answer
        cards = item.cards.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A line saying the item with `key` is gone.
    public static func removal(of item: ChatItem, at time: Date) -> TranscriptRecord {
        var record = TranscriptRecord(item: item)
        record.removed = true
        record.deliveryTime = timestamp(time)
        return record
    }

    /// The same line with `deliveryTime` left out (for telling whether anything else changed).
    public var withoutDeliveryTime: TranscriptRecord {
        var copy = self
        copy.deliveryTime = nil
        return copy
    }

    /// Replays lines by the update rule: a line replaces the earlier one with its `localId` (when it has
    /// one) or else its `id` (a local id the earlier line knew is kept); removed items are dropped. The
    /// result is in the order items first appeared.
    public static func replay(_ records: [TranscriptRecord]) -> [TranscriptRecord] {
        var entries: [TranscriptRecord] = []
        var byId: [String: Int] = [:]
        var byLocalId: [String: Int] = [:]
        for record in records {
            let found = record.localId.flatMap { byLocalId[$0] } ?? byId[record.id]
            guard let index = found else {
                byId[record.id] = entries.count
                if let localId = record.localId { byLocalId[localId] = entries.count }
                entries.append(record)
                continue
            }
            var updated = record
            if updated.localId == nil { updated.localId = entries[index].localId }
            entries[index] = updated
            byId[record.id] = index
            if let localId = updated.localId { byLocalId[localId] = index }
        }
        return entries.filter { $0.removed != true }
    }

    /// `2025-06-12T14:03:52.640Z`.
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
