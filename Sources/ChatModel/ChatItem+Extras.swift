import Foundation

/// The fields of a ``ChatItem`` that few items set: kept out of line so a plain message stays small.
struct ChatItemRareFields: Sendable, Hashable {
    /// See ``ChatItem/localId``.
    var localId: String?
    /// A content type other than plain text or markdown.
    var contentType: String?
    /// The attachment of an `.attachment` item.
    var attachment: Attachment?
    /// See ``ChatItem/choices``.
    var choices: [String]?
    /// See ``ChatItem/answer``.
    var answer: String?
    /// See ``ChatItem/choiceReplies``.
    var choiceReplies: [ChoiceReply]?
    /// See ``ChatItem/form``.
    var form: ChatForm?
    /// See ``ChatItem/cards``.
    var cards: [ChatCard]?
    /// See ``ChatItem/choiceLabels``.
    var choiceLabels: [String]?
    /// See ``ChatItem/typedText``.
    var typedText: String?
    /// See ``ChatItem/sentText``.
    var sentText: String?
    /// See ``ChatItem/isResent``.
    var isResent: Bool?

    /// True when no field is set.
    var isEmpty: Bool {
        localId == nil && contentType == nil && attachment == nil && choices == nil && answer == nil && choiceReplies == nil
            && form == nil && cards == nil && choiceLabels == nil && typedText == nil && sentText == nil && isResent == nil
    }
}

/// An immutable box of rare fields, shared between copies of an item; a change makes a new box.
final class ChatItemExtras: Sendable, Hashable {
    /// The fields.
    let fields: ChatItemRareFields

    private init(_ fields: ChatItemRareFields) {
        self.fields = fields
    }

    /// A box for `fields`, or nil when none is set.
    static func holding(_ fields: ChatItemRareFields) -> ChatItemExtras? {
        fields.isEmpty ? nil : ChatItemExtras(fields)
    }

    /// Equal when the fields are.
    static func == (lhs: ChatItemExtras, rhs: ChatItemExtras) -> Bool { lhs === rhs || lhs.fields == rhs.fields }

    /// Hashes the fields.
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// The usual content types of an item, one byte inline.
enum ContentTypeCode: UInt8, Sendable, Hashable {
    /// `text/plain`.
    case plain
    /// `text/markdown`.
    case markdown
    /// Anything else (kept in the rare fields).
    case other

    static let plainText = "text/plain"
    static let markdownText = "text/markdown"

    /// The code of `contentType`.
    init(_ contentType: String) {
        switch contentType {
        case Self.plainText: self = .plain
        case Self.markdownText: self = .markdown
        default: self = .other
        }
    }
}

/// A ``ChatItemKind`` without the attachment's description: one byte inline.
enum ChatItemKindTag: Sendable, Hashable {
    /// A text message.
    case message
    /// A file attachment (described in the rare fields).
    case attachment
    /// A participant or chat event.
    case event(ChatEventKind)

    /// The tag of `kind`.
    init(_ kind: ChatItemKind) {
        switch kind {
        case .message: self = .message
        case .attachment: self = .attachment
        case .event(let event): self = .event(event)
        }
    }
}

extension ChatItem: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, localId, time, sender, kind, contentType, text, delivery, isHistory, isStreaming, choices, answer,
            choiceReplies, form, sequence, cards, choiceLabels
    }

    /// Decodes an item from the keys its properties are named by.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            localId: try container.decodeIfPresent(String.self, forKey: .localId),
            time: try container.decode(Date.self, forKey: .time),
            sender: try container.decode(Participant.self, forKey: .sender),
            kind: try container.decode(ChatItemKind.self, forKey: .kind),
            contentType: try container.decode(String.self, forKey: .contentType),
            text: try container.decode(String.self, forKey: .text),
            delivery: try container.decodeIfPresent(Delivery.self, forKey: .delivery),
            isHistory: try container.decode(Bool.self, forKey: .isHistory),
            isStreaming: try container.decode(Bool.self, forKey: .isStreaming),
            choices: try container.decodeIfPresent([String].self, forKey: .choices),
            answer: try container.decodeIfPresent(String.self, forKey: .answer),
            choiceReplies: try container.decodeIfPresent([ChoiceReply].self, forKey: .choiceReplies),
            form: try container.decodeIfPresent(ChatForm.self, forKey: .form),
            sequence: try container.decodeIfPresent(Int64.self, forKey: .sequence),
            cards: try container.decodeIfPresent([ChatCard].self, forKey: .cards))
        choiceLabels = try container.decodeIfPresent([String].self, forKey: .choiceLabels)
    }

    /// Encodes the item under its properties' names (nil fields left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(localId, forKey: .localId)
        try container.encode(time, forKey: .time)
        try container.encode(sender, forKey: .sender)
        try container.encode(kind, forKey: .kind)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(delivery, forKey: .delivery)
        try container.encode(isHistory, forKey: .isHistory)
        try container.encode(isStreaming, forKey: .isStreaming)
        try container.encodeIfPresent(choices, forKey: .choices)
        try container.encodeIfPresent(answer, forKey: .answer)
        try container.encodeIfPresent(choiceReplies, forKey: .choiceReplies)
        try container.encodeIfPresent(form, forKey: .form)
        try container.encodeIfPresent(sequence, forKey: .sequence)
        try container.encodeIfPresent(cards, forKey: .cards)
        try container.encodeIfPresent(choiceLabels, forKey: .choiceLabels)
    }
}
