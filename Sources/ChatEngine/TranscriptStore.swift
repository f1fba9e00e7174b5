import ChatModel
import Foundation

/// The engine's record of what it has published: dedup by id, own-message matching, receipts.
///
/// A plain value owned by the ``ChatSession`` actor. Every item is published once
/// (``Merge/inserted(_:)``); everything after that is an update of the same item.
struct TranscriptStore: Sendable {
    /// What merging an incoming item did.
    enum Merge: Sendable, Equatable {
        /// A new item: publish it.
        case inserted(ChatItem)
        /// A known item changed: publish the update.
        case updated(ChatItem)
        /// Already known and unchanged: publish nothing.
        case duplicate
    }

    private(set) var items: [ChatItem] = []
    private var indexById: [String: Int] = [:]
    private var indexByLocalId: [String: Int] = [:]
    private var pendingReceipts: [String: Delivery] = [:]
    /// Local ids of our own messages that may still await their echo, oldest first (pruned as they settle),
    /// so matching an echo looks at a handful of messages rather than the whole transcript.
    private var unacknowledged: [String] = []

    /// The id of the newest item the server knows about, for backfill.
    private(set) var lastServerItemId: String?
    private var lastServerTime: Date?

    /// Number of items held.
    var count: Int { items.count }

    /// True when an item with this server id was published.
    func contains(id: String) -> Bool { indexById[id] != nil }

    /// The item with this local id, if any.
    func item(localId: String) -> ChatItem? { indexByLocalId[localId].map { items[$0] } }

    /// The item with this server id, if any.
    func item(id: String) -> ChatItem? { indexById[id].map { items[$0] } }

    /// Adds one of our own messages before the server has seen it.
    mutating func addPending(_ item: ChatItem) -> ChatItem {
        let index = items.count
        items.append(item)
        if let localId = item.localId {
            indexByLocalId[localId] = index
            unacknowledged.append(localId)
        }
        return item
    }

    /// Appends one of our own messages carried over a reset, as it was (indexed by its server id once it has one).
    mutating func keep(_ item: ChatItem) {
        let index = items.count
        items.append(item)
        if item.delivery != .pending { indexById[item.id] = index }
        if let localId = item.localId {
            indexByLocalId[localId] = index
            if item.delivery == .pending || item.delivery == .failed { unacknowledged.append(localId) }
        }
    }

    /// Merges an item from the socket or a transcript page.
    mutating func merge(_ incoming: ChatItem, me: Participant?) -> Merge {
        noteServerItem(incoming)
        if let index = indexById[incoming.id] {
            return update(at: index, with: incoming)
        }
        if let localId = incoming.localId, let index = indexByLocalId[localId] {
            // An echo that names our local id (PolyAI's `local_id`): delivery confirmed.
            return .updated(settle(at: index, as: incoming))
        }
        if isOwnMessage(incoming, me: me), let index = oldestUnacknowledged(text: incoming.text) {
            // The echo beat the SendMessage reply: it is the oldest pending message with this text.
            return .updated(settle(at: index, as: incoming))
        }
        var item = incoming
        if isOwnMessage(incoming, me: me), item.delivery == nil {
            item.delivery = .sent
        }
        applyPendingReceipt(to: &item)
        let index = items.count
        items.append(item)
        indexById[item.id] = index
        if let localId = item.localId { indexByLocalId[localId] = index }
        return .inserted(item)
    }

    /// Records the server's acceptance of one of our messages.
    mutating func acknowledge(localId: String, id: String, time: Date) -> ChatItem? {
        guard let index = indexByLocalId[localId] else { return nil }
        if let other = indexById[id], other != index, let twinLocalId = items[other].localId {
            // The echo arrived first and was matched to an identical twin: that twin
            // goes back to waiting for its own acknowledgement.
            items[other].id = twinLocalId
            items[other].delivery = .pending
            indexById[id] = nil
            unacknowledged.append(twinLocalId)
            unacknowledged.sort { (indexByLocalId[$0] ?? 0) < (indexByLocalId[$1] ?? 0) }
        }
        var item = items[index]
        if item.delivery == .pending || item.delivery == .failed || item.delivery == nil {
            if indexById[item.id] == index { indexById[item.id] = nil }
            item.id = id
            item.time = time
            item.delivery = .sent
        }
        applyPendingReceipt(to: &item)
        items[index] = item
        indexById[item.id] = index
        // No `noteServerItem` here: a REST reply says nothing about which socket items we
        // have seen, and moving the backfill position past a gap would lose messages.
        return item
    }

    /// Marks a picker answered with `choice`; nil if unknown or already answered.
    mutating func answer(id: String, with choice: String) -> ChatItem? {
        guard let index = indexById[id], items[index].answer == nil else { return nil }
        items[index].markAnswered(with: choice)
        return items[index]
    }

    /// Replaces the form of an unanswered item and renders its text again; nil if unknown or answered.
    mutating func updateForm(id: String, _ form: ChatForm) -> ChatItem? {
        guard let index = indexById[id], items[index].answer == nil else { return nil }
        items[index].form = form
        items[index].text = form.markdown(actions: items[index].choices ?? [])
        return items[index]
    }

    /// Gives messages typed before we knew who we are our real identity; returns them.
    mutating func adoptSender(_ me: Participant) -> [ChatItem] {
        var changed: [ChatItem] = []
        for index in items.indices where items[index].localId != nil && items[index].sender != me {
            items[index].sender = me
            changed.append(items[index])
        }
        return changed
    }

    /// Changes the delivery state of one of our messages by local id.
    mutating func setDelivery(localId: String, _ delivery: Delivery) -> ChatItem? {
        guard let index = indexByLocalId[localId] else { return nil }
        items[index].delivery = delivery
        return items[index]
    }

    /// Replaces one of our items (by local id) with `item` in a new delivery state; nil if unknown.
    mutating func replacePending(_ item: ChatItem, delivery: Delivery) -> ChatItem? {
        guard let localId = item.localId, let index = indexByLocalId[localId] else { return nil }
        var replaced = item
        replaced.id = items[index].id
        replaced.delivery = delivery
        items[index] = replaced
        return replaced
    }

    /// Replaces the item with the same server id (text, type and choices); nil if unknown.
    mutating func replace(_ item: ChatItem) -> ChatItem? {
        guard let index = indexById[item.id] else { return nil }
        items[index].text = item.text
        items[index].contentType = item.contentType
        items[index].choices = item.choices
        items[index].choiceReplies = item.choiceReplies
        items[index].form = item.form
        if let answer = items[index].answer, item.form != nil {
            // Answered (by typing) while it loaded: shown answered.
            items[index].markAnswered(with: answer)
        }
        return items[index]
    }

    /// Applies a receipt; the state only moves forward.
    mutating func applyReceipt(messageId: String, delivery: Delivery) -> ChatItem? {
        guard let index = indexById[messageId] else {
            pendingReceipts[messageId] = max(pendingReceipts[messageId] ?? delivery, delivery)
            return nil
        }
        var item = items[index]
        guard let current = item.delivery, current != .failed, current < delivery else { return nil }
        item.delivery = delivery
        items[index] = item
        return item
    }

    /// Removes a failed message the user chose to drop.
    mutating func remove(localId: String) -> Bool {
        guard let index = indexByLocalId[localId] else { return false }
        items.remove(at: index)
        reindex()
        return true
    }

    /// Puts older items (already deduplicated by the caller) in front.
    mutating func prepend(_ older: [ChatItem]) -> [ChatItem] {
        let fresh = older.filter { indexById[$0.id] == nil }
        items.insert(contentsOf: fresh, at: 0)
        reindex()
        return fresh
    }

    private mutating func update(at index: Int, with incoming: ChatItem) -> Merge {
        var item = items[index]
        var changed = false
        // A loaded form keeps the values filled in; its text is the engine's rendering of them.
        if item.answer == nil, item.form?.isLoaded != true,
            item.text != incoming.text || item.isStreaming != incoming.isStreaming
        {
            item.text = incoming.text
            item.isStreaming = incoming.isStreaming
            item.contentType = incoming.contentType
            if incoming.form != nil {
                (item.form, item.choices, item.choiceReplies) = (incoming.form, incoming.choices, incoming.choiceReplies)
            }
            changed = true
        }
        if let delivery = incoming.delivery, let current = item.delivery, current < delivery, current != .failed {
            item.delivery = delivery
            changed = true
        }
        if let kind = Self.attachmentKind(of: incoming, keepingSizeOf: item), kind != item.kind {
            item.kind = kind
            item.text = incoming.text
            changed = true
        }
        guard changed else { return .duplicate }
        items[index] = item
        return .updated(item)
    }

    /// Gives a pending message of ours the server's id and time from its echo.
    private mutating func settle(at index: Int, as echo: ChatItem) -> ChatItem {
        var item = items[index]
        item.id = echo.id
        item.time = echo.time
        item.delivery = max(item.delivery ?? .sent, .sent)
        if let kind = Self.attachmentKind(of: echo, keepingSizeOf: item) {
            // The server's word on an uploaded file: its attachment id and scan status.
            item.kind = kind
            item.text = echo.text
        }
        applyPendingReceipt(to: &item)
        items[index] = item
        indexById[echo.id] = index
        return item
    }

    /// The attachment of `incoming` with the size `known` already had (servers do not repeat it).
    private static func attachmentKind(of incoming: ChatItem, keepingSizeOf known: ChatItem) -> ChatItemKind? {
        guard var attachment = incoming.attachment else { return nil }
        attachment.size = attachment.size ?? known.attachment?.size
        return .attachment(attachment)
    }

    private func isOwnMessage(_ item: ChatItem, me: Participant?) -> Bool {
        guard case .message = item.kind, let me else { return false }
        if let id = me.id, let other = item.sender.id { return id == other }
        return item.sender.role == me.role
    }

    private mutating func oldestUnacknowledged(text: String) -> Int? {
        unacknowledged.removeAll { localId in
            guard let index = indexByLocalId[localId] else { return true }
            let delivery = items[index].delivery
            return delivery != .pending && delivery != .failed
        }
        for localId in unacknowledged {
            guard let index = indexByLocalId[localId] else { continue }
            let item = items[index]
            if item.delivery == .pending && indexById[item.id] == nil && item.text == text { return index }
        }
        return nil
    }

    private mutating func applyPendingReceipt(to item: inout ChatItem) {
        guard let receipt = pendingReceipts.removeValue(forKey: item.id), let current = item.delivery,
            current < receipt, current != .failed
        else { return }
        item.delivery = receipt
    }

    private mutating func noteServerItem(_ item: ChatItem) {
        guard !item.isHistory else { return }
        if let last = lastServerTime, item.time < last { return }
        lastServerTime = item.time
        lastServerItemId = item.id
    }

    private mutating func reindex() {
        indexById = [:]
        indexByLocalId = [:]
        for (index, item) in items.enumerated() {
            if item.delivery != .pending || item.localId == nil { indexById[item.id] = index }
            if let localId = item.localId { indexByLocalId[localId] = index }
        }
    }
}
