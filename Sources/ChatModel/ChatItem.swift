import Foundation

/// One entry of the transcript: a message, an attachment or a participant/chat event.
public struct ChatItem: Codable, Sendable, Hashable, Identifiable {
    /// The server's id; for a message not yet accepted, the local id.
    public var id: String
    /// The client-side id of one of our own messages (stable across the pending → sent id change).
    public var localId: String?
    /// When the item happened (server time when known).
    public var time: Date
    /// Who sent it or whom the event is about.
    public var sender: Participant
    /// What kind of item this is.
    public var kind: ChatItemKind
    /// The MIME type of `text` (`text/plain`, `text/markdown`, an interactive JSON type, …).
    public var contentType: String
    /// The message text, or a readable sentence for an event.
    public var text: String
    /// Delivery state; set only for the user's own messages.
    public var delivery: Delivery?
    /// True for items from a past session (persistent chat); they never fire live reactions.
    public var isHistory: Bool
    /// True while a streamed reply is still growing.
    public var isStreaming: Bool
    /// Replies the user can pick by number (quick replies, list pickers, suggestions).
    public var choices: [String]?
    /// The choice the user picked; set once answered, after which the item is no longer selectable.
    public var answer: String?
    /// What each choice sends, in the order of ``choices``, when that is not the choice's text as plain text.
    public var choiceReplies: [ChoiceReply]?
    /// The form to fill in before answering with one of the ``choices`` (an Amazon Connect view).
    public var form: ChatForm?
    /// The server's sequence number, for protocols that number their events (PolyAI); nil otherwise.
    public var sequence: Int64?
    /// Links, images and phone numbers the message carries besides its text.
    public var cards: [ChatCard]?
    /// How each choice is shown in the numbered list, when that says more than the choice itself
    /// (a subtitle, a paging mark), in the order of ``choices``.
    public var choiceLabels: [String]?

    /// Creates an item.
    public init(
        id: String, localId: String? = nil, time: Date, sender: Participant, kind: ChatItemKind,
        contentType: String = "text/plain", text: String, delivery: Delivery? = nil,
        isHistory: Bool = false, isStreaming: Bool = false, choices: [String]? = nil, answer: String? = nil,
        choiceReplies: [ChoiceReply]? = nil, form: ChatForm? = nil, sequence: Int64? = nil, cards: [ChatCard]? = nil
    ) {
        self.id = id
        self.localId = localId
        self.time = time
        self.sender = sender
        self.kind = kind
        self.contentType = contentType
        self.text = text
        self.delivery = delivery
        self.isHistory = isHistory
        self.isStreaming = isStreaming
        self.choices = choices
        self.answer = answer
        self.choiceReplies = choiceReplies
        self.form = form
        self.sequence = sequence
        self.cards = cards
    }

    /// The item's stable key: our local id for our own messages (it outlives the pending → sent id
    /// change), else the server's id.
    public var key: String { localId ?? id }

    /// True when the item offers choices that have not been answered yet.
    public var isOpenForPicking: Bool { !(choices ?? []).isEmpty && answer == nil }

    /// True for a form from someone else that has not been answered yet (typed text answers it).
    public var isOpenForm: Bool { form != nil && answer == nil && !isOwn }

    /// Shows `form` in the item: its markdown as the text, its actions as the choices.
    public mutating func show(form: ChatForm, actions: [String]) {
        self.form = form
        text = form.markdown
        contentType = "text/markdown"
        choices = actions.isEmpty ? nil : actions
        choiceReplies = nil
        choiceLabels = nil
    }

    /// The text as shown: the item's text, then its cards, its numbered choices with how to pick, and
    /// what was picked. (The transcript files keep these apart, as fields.)
    public var displayText: String {
        var blocks: [String] = []
        let body = form?.markdown ?? text
        if !body.isEmpty { blocks.append(body) }
        if let cards, !cards.isEmpty { blocks.append(cards.map(\.line).joined(separator: "\n")) }
        if let choices, !choices.isEmpty {
            let labels = choiceLabels.flatMap { $0.count == choices.count ? $0 : nil } ?? choices
            var lines = labels.enumerated().map { "\($0.offset + 1). \($0.element)" }
            if answer == nil, !isOwn {
                lines.append("")
                if let form {
                    let fill = form.fields.isEmpty ? "Pick" : "Fill in with /set FIELD VALUE, then pick"
                    lines.append("_\(fill) an action with /pick N; a typed message also answers the form._")
                } else {
                    lines.append("_Pick with /pick N._")
                }
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        if let answer { blocks.append("✓ *You picked: \(answer)*") }
        return blocks.joined(separator: "\n\n")
    }

    /// True when the shown text is markdown (the text's type, or choices and cards around it).
    public var displaysMarkdown: Bool {
        isMarkdown || !(choices ?? []).isEmpty || !(cards ?? []).isEmpty || answer != nil
    }

    /// True when the text should be rendered as markdown.
    public var isMarkdown: Bool { contentType == "text/markdown" }

    /// The attachment this item carries, if it is one.
    public var attachment: Attachment? {
        if case .attachment(let attachment) = kind { return attachment }
        return nil
    }

    /// True for the user's own messages (those that carry a delivery state).
    public var isOwn: Bool { delivery != nil }
}

/// The kinds of transcript item.
public enum ChatItemKind: Codable, Sendable, Hashable {
    /// A text message.
    case message
    /// A file attachment.
    case attachment(Attachment)
    /// A participant or chat event, shown as a system line.
    case event(ChatEventKind)
}

/// A file attached to the chat.
public struct Attachment: Codable, Sendable, Hashable {
    /// The protocol's attachment id.
    public var id: String
    /// The file name.
    public var name: String
    /// The MIME type.
    public var contentType: String
    /// Upload/scan status as reported by the server (`APPROVED`, `REJECTED`, `IN_PROGRESS`).
    public var status: String?
    /// The size in bytes, when known (our own uploads).
    public var size: Int64?

    /// Creates an attachment description.
    public init(id: String, name: String, contentType: String, status: String? = nil, size: Int64? = nil) {
        self.id = id
        self.name = name
        self.contentType = contentType
        self.status = status
        self.size = size
    }

    /// True when the server's scan rejected the file (it cannot be downloaded).
    public var isRejected: Bool { status == "REJECTED" }
}

/// Participant and chat events that appear in the transcript as system lines.
public enum ChatEventKind: String, Codable, Sendable, Hashable {
    case joined
    case left
    case idle
    case returned
    case invited
    case autoDisconnection
    case displayNameUpdated
    case transferSucceeded
    case transferFailed
    case chatEnded
    case chatRehydrated
    case queued
    case handoff
    case other
}
