import Foundation

/// One entry of the transcript: a message, an attachment or a participant/chat event.
///
/// Laid out for long chats: what every item has is stored inline (80 bytes, a UUID-shaped id among
/// them); a long text lies in a column the transcript's items share (``ItemText``);
/// the sender is a reference that a chat's items share (``ParticipantPool``); what few items have (our local id,
/// choices, answers, forms, cards, an attachment, an unusual content type) sits behind one shared
/// reference that is nil for a plain message. The properties read and write as plain fields.
public struct ChatItem: Sendable, Hashable, Identifiable {
    /// The message text as stored: a string of its own, or a run of its chunk's shared column;
    /// ``text`` reads and writes it. (The fields are in this order so that the one-byte ones fill
    /// what the text's and the id's tags leave of their words.)
    var storedText: ItemText
    /// Delivery state; set only for the user's own messages.
    public var delivery: Delivery?
    /// What kind of item this is, without an attachment's description (that is in `extras`).
    private var kindTag: ChatItemKindTag
    /// The content type when it is one of the usual ones (else it is in `extras`).
    private var contentTypeCode: ContentTypeCode
    /// True for items from a past session (persistent chat); they never fire live reactions.
    public var isHistory: Bool
    /// True while a streamed reply is still growing.
    public var isStreaming: Bool
    /// True when ``sequence`` is set (`sequenceValue` holds it).
    private var hasSequence: Bool
    /// The id as stored (a UUID without a string of its own); ``id`` reads and writes it.
    private(set) var storedID: CompactID
    /// The revision at which a transcript last changed the item (``TranscriptItems/revision(at:)``),
    /// in bytes the id's tag leaves free; it takes no part in comparing items.
    var revisionMark = RevisionMark()
    /// When the item happened (server time when known).
    public var time: Date
    /// The rarely set fields; nil when all of them are.
    private var extras: ChatItemExtras?
    /// The sender, shared with the chat's other items where a pool gave it.
    private var senderBox: ParticipantBox
    /// The server's sequence number when `hasSequence` (an optional would take a ninth byte and,
    /// aligned, eight more per item).
    private var sequenceValue: Int64

    /// Creates an item.
    public init(
        id: String, localId: String? = nil, time: Date, sender: Participant, kind: ChatItemKind,
        contentType: String = "text/plain", text: String, delivery: Delivery? = nil,
        isHistory: Bool = false, isStreaming: Bool = false, choices: [String]? = nil, answer: String? = nil,
        choiceReplies: [ChoiceReply]? = nil, form: ChatForm? = nil, sequence: Int64? = nil, cards: [ChatCard]? = nil
    ) {
        self.storedID = CompactID(id)
        self.time = time
        self.senderBox = ParticipantBox(sender)
        self.kindTag = ChatItemKindTag(kind)
        self.storedText = .loose(text)
        self.delivery = delivery
        self.isHistory = isHistory
        self.isStreaming = isStreaming
        self.hasSequence = sequence != nil
        self.sequenceValue = sequence ?? 0
        let code = ContentTypeCode(contentType)
        self.contentTypeCode = code
        var rare = ChatItemRareFields()
        rare.localId = localId
        rare.contentType = code == .other ? contentType : nil
        rare.attachment = kind.attachmentValue
        rare.choices = choices
        rare.answer = answer
        rare.choiceReplies = choiceReplies
        rare.form = form
        rare.cards = cards
        self.extras = ChatItemExtras.holding(rare)
    }

    /// The message text, or a readable sentence for an event.
    public var text: String {
        get { storedText.string }
        set { storedText = .loose(newValue) }
    }

    /// The server's sequence number, for protocols that number their events (PolyAI); nil otherwise.
    public var sequence: Int64? {
        get { hasSequence ? sequenceValue : nil }
        set {
            hasSequence = newValue != nil
            sequenceValue = newValue ?? 0
        }
    }

    /// The server's id; for a message not yet accepted, the local id.
    public var id: String {
        get { storedID.string }
        set { storedID = CompactID(newValue) }
    }

    /// Who sent it or whom the event is about.
    public var sender: Participant {
        get { senderBox.value }
        set { senderBox = ParticipantBox(newValue) }
    }

    /// Takes the sender from `pool`: the same reference for every item of one participant.
    public mutating func shareSender(in pool: inout ParticipantPool) {
        senderBox = pool.box(for: senderBox)
    }

    /// The MIME type of `text` (`text/plain`, `text/markdown`, an interactive JSON type, …).
    public var contentType: String {
        get {
            switch contentTypeCode {
            case .plain: return ContentTypeCode.plainText
            case .markdown: return ContentTypeCode.markdownText
            case .other: return rare(\.contentType) ?? ContentTypeCode.plainText
            }
        }
        set {
            contentTypeCode = ContentTypeCode(newValue)
            setRare(\.contentType, contentTypeCode == .other ? newValue : nil)
        }
    }

    /// Reads a rare field.
    private func rare<Value>(_ field: KeyPath<ChatItemRareFields, Value?>) -> Value? { extras?.fields[keyPath: field] }

    /// Writes a rare field (a new shared box; nil once every rare field is).
    private mutating func setRare<Value>(_ field: WritableKeyPath<ChatItemRareFields, Value?>, _ value: Value?) {
        var fields = extras?.fields ?? ChatItemRareFields()
        fields[keyPath: field] = value
        extras = ChatItemExtras.holding(fields)
    }

    /// The client-side id of one of our own messages (stable across the pending → sent id change).
    public var localId: String? {
        get { rare(\.localId) }
        set { setRare(\.localId, newValue) }
    }

    /// What kind of item this is.
    public var kind: ChatItemKind {
        get {
            switch kindTag {
            case .message: return .message
            case .event(let event): return .event(event)
            case .attachment:
                return .attachment(rare(\.attachment) ?? Attachment(id: "", name: "", contentType: ""))
            }
        }
        set {
            kindTag = ChatItemKindTag(newValue)
            setRare(\.attachment, newValue.attachmentValue)
        }
    }

    /// Replies the user can pick by number (quick replies, list pickers, suggestions).
    public var choices: [String]? {
        get { rare(\.choices) }
        set { setRare(\.choices, newValue) }
    }

    /// The choice the user picked; set once answered, after which the item is no longer selectable.
    public var answer: String? {
        get { rare(\.answer) }
        set { setRare(\.answer, newValue) }
    }

    /// What each choice sends, in the order of ``choices``, when that is not the choice's text as plain text.
    public var choiceReplies: [ChoiceReply]? {
        get { rare(\.choiceReplies) }
        set { setRare(\.choiceReplies, newValue) }
    }

    /// The form to fill in before answering with one of the ``choices`` (an Amazon Connect view).
    public var form: ChatForm? {
        get { rare(\.form) }
        set { setRare(\.form, newValue) }
    }

    /// Links, images and phone numbers the message carries besides its text.
    public var cards: [ChatCard]? {
        get { rare(\.cards) }
        set { setRare(\.cards, newValue) }
    }

    /// How each choice is shown in the numbered list, when that says more than the choice itself
    /// (a subtitle, a paging mark), in the order of ``choices``.
    public var choiceLabels: [String]? {
        get { rare(\.choiceLabels) }
        set { setRare(\.choiceLabels, newValue) }
    }

    /// What the user typed, for one of our messages the contact center delivered with other text (its
    /// message rules redacted it: `text` is what was delivered, with placeholders such as `[PII]`); nil
    /// when what was delivered is what was typed.
    public var typedText: String? {
        get { rare(\.typedText) }
        set { setRare(\.typedText, newValue) }
    }

    /// True for our message that the contact center redacted before passing it on.
    public var isRedacted: Bool { typedText != nil }

    /// For our reply to a choice that went out as other text than it shows (a time slot's date, shown
    /// as people read it): the text sent. The server's copy reading so is that reply as shown, not a
    /// redaction. Nil for a message sent as it shows.
    public var sentText: String? {
        get { rare(\.sentText) }
        set { setRare(\.sentText, newValue) }
    }

    /// True for our message whose text `/retry` already sent again as a new message (an attempt whose
    /// check failed stays as it was, beside the new one).
    public var isResent: Bool {
        get { rare(\.isResent) == true }
        set { setRare(\.isResent, newValue ? true : nil) }
    }

    /// True when `/retry` may send this message again: it failed, or its check did, and it was not
    /// sent again already.
    public var canRetry: Bool { delivery?.isRetryable == true && !isResent }

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
    public var isMarkdown: Bool { contentTypeCode == .markdown }

    /// The attachment this item carries, if it is one.
    public var attachment: Attachment? {
        guard case .attachment = kindTag else { return nil }
        return rare(\.attachment)
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

    /// The attachment of `.attachment`, else nil.
    var attachmentValue: Attachment? {
        if case .attachment(let attachment) = self { return attachment }
        return nil
    }
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
    /// The contact center asked the customer to sign in (Amazon Connect's AuthenticateCustomer block).
    case authenticationInitiated
    /// The customer signed in.
    case authenticationSucceeded
    /// The sign-in failed.
    case authenticationFailed
    /// Nobody signed in before the contact center stopped waiting.
    case authenticationTimedOut
    /// The sign-in session expired.
    case authenticationExpired
    /// The sign-in was cancelled (by the customer or the contact center).
    case authenticationCancelled
    case other
}

/// The revision at which a transcript last changed an item, as the item carries it: four bytes
/// that would otherwise be padding, left out of comparing and hashing items (two copies of one item
/// are equal whatever transcript they were read from).
struct RevisionMark: Hashable, Sendable {
    /// The low 32 bits of the revision; what it is compared with is another read of the same
    /// counter, and four billion changes to one chat would be needed to bring a number back.
    private var low: UInt32 = 0

    /// No revision (an item not in a transcript).
    init() {}

    /// The mark of `revision`.
    init(_ revision: Int) { low = UInt32(truncatingIfNeeded: revision) }

    /// The revision as a number to compare.
    var revision: Int { Int(truncatingIfNeeded: low) }

    /// Always equal: the mark is not part of the item's value.
    static func == (lhs: RevisionMark, rhs: RevisionMark) -> Bool { true }

    /// Adds nothing: the mark is not part of the item's value.
    func hash(into hasher: inout Hasher) {}
}
