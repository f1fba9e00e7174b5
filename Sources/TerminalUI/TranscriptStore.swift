import ChatModel
import Foundation

/// One row of the transcript model: a chat item from the engine, or a local notice.
struct TranscriptEntry: Equatable, Sendable {
    /// Stable key for layout caching and the scroll anchor (survives the pending → sent id change).
    let key: String
    /// The item as last published.
    var item: ChatItem
    /// True for notices made by the UI or the engine's `.notice` (never exported, never unread).
    let isNotice: Bool
    /// Bumped on every change, so cached layouts of the old content are not reused.
    var revision: Int
    /// For attachments: the number `/download N` and `/open #N` use (1-based, oldest first).
    var attachmentNumber: Int? = nil
    /// For the picker focused from the keyboard: the highlighted option (1-based).
    var highlightedChoice: Int? = nil
}

/// The transcript: entries in display order with lookups by server id and local id.
struct TranscriptStore: Equatable, Sendable {
    /// Entries, oldest first.
    private(set) var entries: [TranscriptEntry] = []
    private var byId: [String: Int] = [:]
    private var byLocalId: [String: Int] = [:]
    private var byKey: [String: Int] = [:]
    private var nextRevision = 1
    private var nextNotice = 1
    /// How many attachments the transcript holds.
    private(set) var attachmentCount = 0

    /// Creates an empty transcript.
    init() {}

    /// Number of entries.
    var count: Int { entries.count }

    /// Moves on with every change to an entry (every change takes a new entry revision), so
    /// (`revision`, `count`) tells whether the store changed since it was last looked at.
    var revision: Int { nextRevision }

    /// Position of the entry matching an item: `localId` first, then `id`.
    func position(matching item: ChatItem) -> Int? {
        if let local = item.localId, let i = byLocalId[local] { return i }
        return byId[item.id]
    }

    /// Position of the entry with a key.
    func position(ofKey key: String) -> Int? {
        byKey[key]
    }

    /// Appends a new item; returns false (and changes nothing) when it is already present.
    @discardableResult
    mutating func append(_ item: ChatItem) -> Bool {
        guard position(matching: item) == nil else { return false }
        var entry = makeEntry(item, isNotice: false)
        if item.attachment != nil {
            attachmentCount += 1
            entry.attachmentNumber = attachmentCount
        }
        entries.append(entry)
        index(entries.count - 1)
        return true
    }

    /// Replaces the matching item; returns its position, or nil when unknown.
    @discardableResult
    mutating func update(_ item: ChatItem) -> Int? {
        guard let i = position(matching: item) else { return nil }
        let old = entries[i].item
        if old.id != item.id, byId[old.id] == i { byId[old.id] = nil }
        entries[i].item = item
        entries[i].revision = takeRevision()
        index(i)
        return i
    }

    /// Puts older items (oldest first) before everything; skips ones already present.
    /// Returns how many were added.
    @discardableResult
    mutating func prepend(_ items: [ChatItem]) -> Int {
        var fresh: [TranscriptEntry] = []
        var seen = Set<String>()
        for item in items where position(matching: item) == nil && !seen.contains(item.id) {
            seen.insert(item.id)
            fresh.append(makeEntry(item, isNotice: false))
        }
        guard !fresh.isEmpty else { return 0 }
        entries.insert(contentsOf: fresh, at: 0)
        reindex()
        renumberAttachments()
        return fresh.count
    }

    /// Replaces every entry (notices too) with `items`, oldest first, skipping repeats; revisions
    /// keep counting up, so no layout cached for the old content is reused.
    mutating func replaceAll(with items: [ChatItem]) {
        entries = []
        reindex()
        for item in items { append(item) }
    }

    /// Appends a local notice line.
    mutating func appendNotice(_ text: String, at time: Date) {
        let id = "notice-\(nextNotice)"
        nextNotice += 1
        let item = ChatItem(id: id, time: time, sender: .system, kind: .event(.other), text: text)
        entries.append(makeEntry(item, isNotice: true))
        index(entries.count - 1)
    }

    /// The newest own message that failed, if any.
    var newestFailedOwn: ChatItem? {
        entries.last { $0.item.delivery == .failed }?.item
    }

    /// The attachment item with number `n` (as shown in the transcript), if any.
    func attachment(number n: Int) -> ChatItem? {
        entries.first { $0.attachmentNumber == n }?.item
    }

    /// The newest picker from someone else that still takes an answer (what `/pick N` answers).
    var latestOpenPicker: TranscriptEntry? {
        entries.last { !$0.isNotice && $0.item.isOpenForPicking && !$0.item.isOwn }
    }

    /// Highlights option `choice` (1-based; nil: none) of the entry with `key`; clears every other highlight.
    mutating func highlight(choice: Int?, key: String?) {
        for i in entries.indices {
            let wanted = entries[i].key == key ? choice : nil
            guard entries[i].highlightedChoice != wanted else { continue }
            entries[i].highlightedChoice = wanted
            entries[i].revision = takeRevision()
        }
    }

    /// Numbers attachments oldest first again (after older items were put in front).
    private mutating func renumberAttachments() {
        var n = 0
        for i in entries.indices where entries[i].item.attachment != nil && !entries[i].isNotice {
            n += 1
            if entries[i].attachmentNumber != n {
                entries[i].attachmentNumber = n
                entries[i].revision = takeRevision()
            }
        }
        attachmentCount = n
    }

    private mutating func makeEntry(_ item: ChatItem, isNotice: Bool) -> TranscriptEntry {
        let key = isNotice ? "n:\(item.id)" : "i:\(item.localId ?? item.id)"
        return TranscriptEntry(key: key, item: item, isNotice: isNotice, revision: takeRevision())
    }

    private mutating func takeRevision() -> Int {
        defer { nextRevision += 1 }
        return nextRevision
    }

    private mutating func index(_ i: Int) {
        let item = entries[i].item
        byKey[entries[i].key] = i
        guard !entries[i].isNotice else { return }
        byId[item.id] = i
        if let local = item.localId { byLocalId[local] = i }
    }

    private mutating func reindex() {
        byId = [:]
        byLocalId = [:]
        byKey = [:]
        for i in entries.indices { index(i) }
    }
}
