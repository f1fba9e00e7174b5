import Foundation

/// The transcript's rules: how items from the server, our own messages and receipts come together.
/// Every change is logged for ``Transcript/takeUpdates()``.
extension Transcript {
    /// Merges an item the server sent (live, in a page, or replayed): a new id is inserted at its place,
    /// a known one updated; `isOwn` marks one of our own messages (shown as ours, at least `sent`).
    public mutating func merge(_ incoming: ChatItem, isOwn: Bool) {
        var incoming = incoming
        if isOwn, incoming.delivery == nil || incoming.delivery == .pending { incoming.delivery = .sent }
        if !isOwn, incoming.localId == nil { incoming.delivery = nil }
        if let position = position(sharingIdOf: incoming) {
            update(at: position, with: incoming)
        } else if let localId = incoming.localId, let position = position(localId: localId) {
            // An echo naming our local id (PolyAI's `local_id`): the server has it.
            settle(at: position, as: incoming)
        } else {
            insert(incoming)
        }
    }

    /// Merges an older page (items oldest first), told as one ``TranscriptChange/merged(count:hasMore:)``.
    public mutating func mergeOlder(_ page: [(item: ChatItem, isOwn: Bool)], hasMore: Bool) {
        let before = count
        batch(as: { .merged(count: $0.count - before, hasMore: hasMore) }) { transcript in
            for (item, isOwn) in page { transcript.merge(item, isOwn: isOwn) }
        }
    }

    /// Loads the transcript anew from `page` (oldest first), keeping `keep` — our messages the server
    /// does not have yet — told as one ``TranscriptChange/reset(hasMore:)``. Offers answered here keep
    /// their answers.
    public mutating func reload(_ page: [(item: ChatItem, isOwn: Bool)], keeping keep: [ChatItem], hasMore: Bool) {
        // An offer answered here stays answered, as a merge keeps it: the server's copy knows no answer
        // (Connect keeps none), and offering it again would let the same choice be sent twice.
        let answers = Dictionary(items.compactMap { item in item.answer.map { (item.id, $0) } }, uniquingKeysWith: { $1 })
        // Our messages keep what only this side knows: their local id, and what was typed when the
        // contact center redacted them.
        let ours = Dictionary(
            items.compactMap { item in item.localId == nil ? nil : (item.id, item) }, uniquingKeysWith: { first, _ in first })
        batch(as: { _ in .reset(hasMore: hasMore) }) { transcript in
            transcript.removeAll()
            for (item, isOwn) in page {
                var item = item
                if item.answer == nil, let answer = answers[item.id] { item.answer = answer }
                if isOwn, let mine = ours[item.id] {
                    item.localId = mine.localId
                    item.noteDelivered(typed: mine)
                }
                transcript.merge(item, isOwn: isOwn)
            }
            for item in keep where !transcript.contains(id: item.id) {
                if let localId = item.localId, transcript.position(localId: localId) != nil { continue }
                transcript.insert(item)
            }
        }
    }

    /// Tells late subscribers the whole transcript as it is: one ``TranscriptChange/reset(hasMore:)``.
    public func snapshot(hasMore: Bool) -> TranscriptUpdate {
        TranscriptUpdate(items: items, change: .reset(hasMore: hasMore))
    }

    /// Adds one of our own messages before the server has it: at the end, pending.
    public mutating func addPending(_ item: ChatItem) {
        insert(item)
    }

    /// The server accepted our message `localId` as `id` at `time` (`delivery` `sent`, or where its
    /// message processing put it: `checking`, `rejected`, `notProcessed`); when the server's copy is held
    /// already (its echo or a page came first), the two become one item. False when the local id is unknown.
    @discardableResult
    public mutating func acknowledge(
        localId: String, id: String, time: Date, sequence: Int64? = nil, delivery: Delivery = .sent
    ) -> Bool {
        guard let position = position(localId: localId) else { return false }
        var item = items[position]
        if let twin = self.position(id: id), twin != position {
            // Keep the server's copy, as ours: sent, unless the copy or the answer says the contact
            // center's message processing still checks it or stopped it.
            var server = items[twin]
            server.localId = localId
            switch (delivery, server.delivery) {
            case (.rejected, _), (.notProcessed, _): server.delivery = delivery
            case (_, .some(let state)) where state == .checking || state.isUndelivered: server.delivery = state
            default: server.delivery = max(server.delivery ?? .sent, .sent)
            }
            server.noteDelivered(typed: item)
            if server.attachment == nil, case .attachment = item.kind { server.kind = item.kind }
            remove(at: position)
            if let at = self.position(id: id) { replace(at: at, with: server, reorder: false) }
            return true
        }
        item.id = id
        item.time = time
        item.sequence = sequence ?? item.sequence
        if item.delivery.map({ $0.isOnItsWay || $0.isUndelivered }) ?? true { item.delivery = delivery }
        replace(at: position, with: item, reorder: true)
        return true
    }

    /// Sets the delivery of our message `localId` (pending again on a retry, failed after the last try).
    public mutating func setDelivery(localId: String, _ delivery: Delivery) {
        modify(localId: localId) { $0.delivery = delivery }
    }

    /// Our failed message `localId` is being sent again: pending, at the end (typed order is send order),
    /// under its local id again when the server had given it one (a message its processing failed).
    public mutating func requeue(localId: String) {
        guard let position = position(localId: localId) else { return }
        var item = items[position]
        item.delivery = .pending
        item.id = localId
        replace(at: position, with: item, reorder: true)
    }

    /// Applies a receipt to message `messageId`; the state only moves forward. A receipt for a message
    /// not seen yet is kept and applied when it arrives.
    public mutating func applyReceipt(messageId: String, delivery: Delivery) {
        guard let position = position(id: messageId) else {
            holdReceipt(messageId: messageId, delivery: delivery)
            return
        }
        var item = items[position]
        guard let current = item.delivery, !current.isUndelivered, current < delivery else { return }
        item.delivery = delivery
        replace(at: position, with: item, reorder: false)
    }

    /// Changes the item with server id `id` with `body`; false when unknown (an unchanged item logs nothing).
    @discardableResult
    public mutating func modify(id: String, _ body: (inout ChatItem) -> Void) -> Bool {
        guard let position = position(id: id) else { return false }
        modify(at: position, body)
        return true
    }

    /// Changes our item `localId` with `body`; false when unknown (an unchanged item logs nothing).
    @discardableResult
    public mutating func modify(localId: String, _ body: (inout ChatItem) -> Void) -> Bool {
        guard let position = position(localId: localId) else { return false }
        modify(at: position, body)
        return true
    }

    /// Removes our message `localId` (a failed one the user dropped); false when unknown.
    @discardableResult
    public mutating func remove(localId: String) -> Bool {
        guard let position = position(localId: localId) else { return false }
        remove(at: position)
        return true
    }

    /// Gives messages typed before the session knew who we are our real identity.
    public mutating func adoptSender(_ me: Participant) {
        for position in 0..<count where items[position].localId != nil && items[position].sender != me {
            modify(at: position) { $0.sender = me }
        }
    }

    private mutating func modify(at position: Int, _ body: (inout ChatItem) -> Void) {
        var item = items[position]
        body(&item)
        guard item != items[position] else { return }
        replace(at: position, with: item, reorder: false)
    }

    /// An item that changed: the server's later word on it (text of a growing stream, a completed
    /// view, an attachment's scan status, a receipt folded into a page) without undoing what the user did.
    private mutating func update(at position: Int, with incoming: ChatItem) {
        var item = items[position]
        var incoming = incoming
        if item.wentOutAs(incoming.text) {
            // Our reply as sent (a time slot's date) stays as it shows (the slot as people read it).
            incoming.text = item.text
            incoming.contentType = item.contentType
        }
        // A loaded form keeps the values filled in (its text is the form's); an answered picker keeps its
        // answer and the choices it was answered from, but its text still follows the server: a streamed
        // reply picked from before its late chunks came (settled, then completed) still grows.
        if item.form?.isLoaded != true,
            item.text != incoming.text || item.isStreaming != incoming.isStreaming || item.cards != incoming.cards
        {
            item.noteDelivered(text: incoming.text, contentType: incoming.contentType)
            item.text = incoming.text
            item.isStreaming = incoming.isStreaming
            item.contentType = incoming.contentType
            item.cards = incoming.cards
        }
        if item.answer == nil, item.form?.isLoaded != true, item.choices != incoming.choices || item.form != incoming.form {
            item.choices = incoming.choices
            item.choiceReplies = incoming.choiceReplies
            item.choiceLabels = incoming.choiceLabels
            if incoming.form != nil { item.form = incoming.form }
        }
        if let delivery = incoming.delivery, let current = item.delivery, current < delivery, !current.isUndelivered {
            item.delivery = delivery
        }
        if var attachment = incoming.attachment {
            attachment.size = attachment.size ?? item.attachment?.size
            if item.kind != .attachment(attachment) {
                item.kind = .attachment(attachment)
                item.text = incoming.text
            }
        }
        if item.isHistory, !incoming.isHistory { item.isHistory = false }
        guard item != items[position] else { return }
        replace(at: position, with: item, reorder: false)
    }

    /// Our pending message at `position` is the server's `echo`: it takes the server's id, time and order.
    private mutating func settle(at position: Int, as echo: ChatItem) {
        var item = items[position]
        item.id = echo.id
        item.time = echo.time
        item.sequence = echo.sequence
        item.delivery = max(item.delivery == .failed ? .sent : (item.delivery ?? .sent), echo.delivery ?? .sent)
        if var attachment = echo.attachment {
            // The server's word on an uploaded file: its attachment id and scan status.
            attachment.size = attachment.size ?? item.attachment?.size
            item.kind = .attachment(attachment)
            item.text = echo.text
        }
        replace(at: position, with: item, reorder: true)
    }
}
