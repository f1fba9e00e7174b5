import Foundation

/// The one transcript of a chat: its items in server order, each shown once, with our own messages
/// known by their local id before and after the server accepts them.
///
/// Order: items the server knows sort by the server's order — its time, or its sequence for
/// protocols that number their events ( ``Ordering``) — ties broken by the order the client learnt of
/// them; our own messages not yet accepted sort after everything, in the order they were typed, and
/// move to their server place when accepted. A streamed reply is one item that grows in place.
/// Receipts only move a message forward (`sent` → `delivered` → `read`).
///
/// A plain value: the session core owns it, and front ends get ``items`` — a cheap shared copy.
public struct Transcript: Sendable {
    /// How the server orders items.
    public enum Ordering: Sendable, Hashable {
        /// By time (Amazon Connect's `AbsoluteTime`).
        case time
        /// By the server's sequence number (PolyAI), falling back to arrival for unnumbered items.
        case sequence
    }

    /// The items in display order.
    public private(set) var items = TranscriptItems()
    /// How items are ordered.
    public let ordering: Ordering
    private var byId = ItemIndex()
    private var byLocalId: [String: Int] = [:]
    private var indexValid = true
    private var arrivals: Int64 = 0
    private var highestSequence: Int64 = 0
    private var pendingReceipts: [String: Delivery] = [:]
    /// Changes made since ``takeUpdates()`` last drained them, each with the transcript right after it.
    private var updates: [TranscriptUpdate] = []
    /// False while a reload or a page merge makes many changes that are told as one.
    private var logsChanges = true

    /// An empty transcript ordered the server's way.
    public init(ordering: Ordering = .time) {
        self.ordering = ordering
    }

    /// A transcript holding `items` as they are (a front end's copy, to be changed the engine's way).
    public init(ordering: Ordering = .time, items: TranscriptItems) {
        self.ordering = ordering
        self.items = items
        self.indexValid = false
        for position in 0..<items.count {
            let order = items.order(at: position)
            arrivals = max(arrivals, order.secondary)
            if ordering == .sequence, order.primary != .max { highestSequence = max(highestSequence, order.primary) }
        }
    }

    /// Number of items.
    public var count: Int { items.count }

    /// The item at `position`.
    public subscript(position: Int) -> ChatItem { items[position] }

    /// The position of the item with this server id (or, for unsent messages, local id).
    public mutating func position(id: String) -> Int? {
        position(storedID: CompactID(id))
    }

    /// The position of the item with `item`'s id (read as stored, without making its string).
    public mutating func position(sharingIdOf item: ChatItem) -> Int? {
        position(storedID: item.storedID)
    }

    private mutating func position(storedID: CompactID) -> Int? {
        validateIndex()
        return byId.position(of: storedID, in: items)
    }

    /// The position of our own message with this local id.
    public mutating func position(localId: String) -> Int? {
        validateIndex()
        return byLocalId[localId]
    }

    /// The item with this server id.
    public mutating func item(id: String) -> ChatItem? { position(id: id).map { items[$0] } }

    /// Our own message with this local id.
    public mutating func item(localId: String) -> ChatItem? { position(localId: localId).map { items[$0] } }

    /// True when an item with this server id is held.
    public mutating func contains(id: String) -> Bool { position(id: id) != nil }

    /// The changes made since the last call, oldest first, each with the transcript right after it.
    public mutating func takeUpdates() -> [TranscriptUpdate] {
        defer { updates = [] }
        return updates
    }

    /// Records one change (unless a batch tells its changes as one).
    mutating func log(_ change: TranscriptChange) {
        guard logsChanges else { return }
        updates.append(TranscriptUpdate(items: items, change: change))
    }

    /// Runs `body` without logging its changes, then logs `change` once.
    mutating func batch(as change: (Transcript) -> TranscriptChange, _ body: (inout Transcript) -> Void) {
        let logged = logsChanges
        logsChanges = false
        body(&self)
        logsChanges = logged
        log(change(self))
    }

    /// The sort key the server's order gives `item` now (a new arrival number each call).
    mutating func order(for item: ChatItem) -> TranscriptOrder {
        arrivals += 1
        if item.delivery == .pending || item.delivery == .failed, item.localId != nil, item.id == item.localId {
            return TranscriptOrder(primary: .max, secondary: arrivals)
        }
        switch ordering {
        case .time:
            return TranscriptOrder(primary: Int64((item.time.timeIntervalSince1970 * 1000).rounded()), secondary: arrivals)
        case .sequence:
            if let sequence = item.sequence {
                highestSequence = max(highestSequence, sequence)
                return TranscriptOrder(primary: sequence, secondary: arrivals)
            }
            return TranscriptOrder(primary: highestSequence, secondary: arrivals)
        }
    }

    /// Inserts a new item at its place; returns the position.
    @discardableResult
    mutating func insert(_ item: ChatItem) -> Int {
        var item = item
        applyPendingReceipt(to: &item)
        let order = order(for: item)
        let position = items.insertionPoint(for: order)
        items.insert(item, order: order, at: position)
        if position == items.count - 1 { index(item, at: position) } else { indexValid = false }
        log(.inserted(position: position))
        return position
    }

    /// Replaces the item at `position` with `item`, moving it to its place when `reorder` says its
    /// order may have changed.
    mutating func replace(at position: Int, with item: ChatItem, reorder: Bool) {
        let old = items[position]
        guard reorder else {
            items.replace(at: position, with: item)
            if old.id != item.id || old.localId != item.localId { reindex(old: old, new: item, at: position) }
            log(.updated(position: position))
            return
        }
        items.remove(at: position)
        indexValid = false
        let order = order(for: item)
        let to = items.insertionPoint(for: order)
        items.insert(item, order: order, at: to)
        log(to == position ? .updated(position: to) : .moved(from: position, to: to))
    }

    /// Removes the item at `position`.
    mutating func remove(at position: Int) {
        let removed = items.remove(at: position)
        indexValid = false
        log(.removed(position: position, key: removed.key))
    }

    /// Removes every item (and every receipt waiting for its message).
    mutating func removeAll() {
        items.removeAll()
        byId.removeAll()
        byLocalId = [:]
        indexValid = true
        pendingReceipts = [:]
    }

    /// Keeps a receipt for a message not seen yet; applied when it arrives.
    mutating func holdReceipt(messageId: String, delivery: Delivery) {
        pendingReceipts[messageId] = max(pendingReceipts[messageId] ?? delivery, delivery)
    }

    private mutating func applyPendingReceipt(to item: inout ChatItem) {
        guard !pendingReceipts.isEmpty, let receipt = pendingReceipts.removeValue(forKey: item.id), let current = item.delivery,
            current < receipt, !current.isUndelivered
        else { return }
        item.delivery = receipt
    }

    private mutating func index(_ item: ChatItem, at position: Int) {
        byId.set(item.storedID, at: position, in: items)
        if let localId = item.localId { byLocalId[localId] = position }
    }

    private mutating func reindex(old: ChatItem, new: ChatItem, at position: Int) {
        guard indexValid else { return }
        byId.remove(old.storedID, ifAt: position, in: items)
        if let localId = old.localId, byLocalId[localId] == position { byLocalId[localId] = nil }
        index(new, at: position)
    }

    private mutating func validateIndex() {
        guard !indexValid else { return }
        byId.removeAll(reservingCapacity: items.count)
        byLocalId = [:]
        for position in 0..<items.count { index(items[position], at: position) }
        indexValid = true
    }
}
