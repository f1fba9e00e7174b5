import ChatModel
import Foundation

/// One row of the transcript as the UI shows it: an item of the engine's transcript, or a local notice.
struct TranscriptEntry: Equatable, Sendable {
    /// Stable key for layout caching and the scroll anchor (survives the pending → sent id change).
    let key: String
    /// The item.
    var item: ChatItem
    /// True for notices made by the UI or the engine's `.notice` (never exported, never unread).
    let isNotice: Bool
    /// Changes whenever the row's content does, so cached layouts of the old content are not reused.
    var revision: Int
    /// For attachments: the number `/download N` and `/open #N` use (1-based, oldest first).
    var attachmentNumber: Int? = nil
    /// For the picker focused from the keyboard: the highlighted option (1-based).
    var highlightedChoice: Int? = nil
}

/// The transcript as the UI shows it: the engine's one transcript (held as the engine's own shared
/// value, never copied item by item), with the UI's notices between its items.
package struct TranscriptStore: Equatable, Sendable {
    /// Where a row comes from (kept packed: four bytes a row).
    enum Row: PackedRow {
        /// The engine's item at this position.
        case item(Int)
        /// The local notice with this index.
        case notice(Int)

        /// Items as their position, notices as -1 - index.
        init(packed: Int32) {
            self = packed >= 0 ? .item(Int(packed)) : .notice(-1 - Int(packed))
        }

        /// See ``init(packed:)``.
        var packed: Int32 {
            switch self {
            case .item(let position): packedIndex(position)
            case .notice(let index): packedIndex(-1 - index)
            }
        }
    }

    /// A local notice: shown after the item with key `after` (nil: before every item).
    struct Notice: Equatable, Sendable {
        var item: ChatItem
        var after: String?
        var revision: Int
    }

    /// The engine's transcript.
    private(set) var items = TranscriptItems()
    /// Rows in display order.
    private(set) var rows = PackedRows<Row>()
    private var notices: [Notice] = []
    /// Attachment numbers by item key.
    private var attachmentNumbers: [String: Int] = [:]
    private var highlighted: (key: String, choice: Int)?
    private var highlightRevision = 0
    private var nextNoticeRevision = 1
    /// Moves on each time the rows are laid out anew (anything but a row added at the end).
    private var arrangement = 0

    /// Creates an empty transcript.
    init() {}

    /// The key of the entry showing the item with key `itemKey`: that key itself (no copy of it per
    /// entry), or with `i:` before it when it could be taken for a notice's (`n:`), a date
    /// separator's (`d:`) or the unread divider's (`u`) key.
    static func entryKey(ofItem itemKey: String) -> String {
        isEntryKeyOfItem(itemKey) && !itemKey.hasPrefix("i:") ? itemKey : "i:" + itemKey
    }

    /// True when `key` is the key of an item's entry (not a notice, a date separator or the divider).
    static func isEntryKeyOfItem(_ key: String) -> Bool {
        !(key == "u" || key.hasPrefix("n:") || key.hasPrefix("d:"))
    }

    /// The rows as entries, oldest first.
    var entries: Entries { Entries(store: self) }

    /// Number of rows.
    var count: Int { rows.count }

    /// How many attachments the transcript holds.
    var attachmentCount: Int { attachmentNumbers.count }

    /// What the store's rows are as of now, compared whole: a view of them is made again when it
    /// changes, extended when only rows were added at the end, and kept otherwise.
    struct Stamp: Equatable {
        /// The engine transcript's revision.
        var items: Int
        /// The next local notice's number (moves with each notice).
        var notices: Int
        /// The picker highlight's revision.
        var highlight: Int
        /// Moves when the rows were laid out anew, not only added to.
        var arrangement: Int
        /// Number of rows.
        var count: Int
    }

    /// The store's ``Stamp`` now.
    var stamp: Stamp {
        Stamp(items: items.revision, notices: nextNoticeRevision, highlight: highlightRevision, arrangement: arrangement, count: rows.count)
    }

    /// Position of the row with a key.
    func position(ofKey key: String) -> Int? {
        rows.indices.last { entry(at: $0).key == key }
    }

    /// Takes the engine's transcript after `update`; returns true when an item was appended at the end.
    @discardableResult
    mutating func apply(_ update: TranscriptUpdate) -> Bool {
        let appended: Bool
        if case .inserted(let position) = update.change, position == items.count, rowsHold(items.count) {
            appended = true
        } else {
            appended = false
        }
        items = update.items
        if appended, case .inserted(let position) = update.change {
            rows.append(.item(position))
            numberIfAttachment(items[position])
            return true
        }
        if case .updated = update.change { return false }
        rebuildRows()
        return false
    }

    /// Shows exactly the transcript of `update` (a reload): the notices go, their numbers go on, so no
    /// layout cached for an old notice is taken for a new one.
    mutating func replaceAll(with update: TranscriptUpdate) {
        notices = []
        highlighted = nil
        highlightRevision += 1
        items = update.items
        rebuildRows()
    }

    /// Appends a local notice line after the last item.
    mutating func appendNotice(_ text: String, at time: Date) {
        let item = ChatItem(id: "notice-\(nextNoticeRevision)", time: time, sender: .system, kind: .event(.other), text: text)
        notices.append(Notice(item: item, after: items.last?.key, revision: takeNoticeRevision()))
        rows.append(.notice(notices.count - 1))
    }

    /// The newest own message that failed (or whose check failed), if any: what `/retry` sends again.
    var newestFailedOwn: ChatItem? {
        items.last { $0.canRetry }
    }

    /// The attachment item with number `n` (as shown in the transcript), if any.
    func attachment(number n: Int) -> ChatItem? {
        guard let key = attachmentNumbers.first(where: { $0.value == n })?.key else { return nil }
        return items.last { Self.entryKey(ofItem: $0.key) == key }
    }

    /// The newest picker from someone else that still takes an answer (what `/pick N` answers).
    var latestOpenPicker: TranscriptEntry? {
        guard let row = rows.indices.last(where: { index in
            guard case .item(let position) = rows[index] else { return false }
            let item = items[position]
            return item.isOpenForPicking && !item.isOwn
        }) else { return nil }
        return entry(at: row)
    }

    /// Highlights option `choice` (1-based; nil: none) of the entry with `key`; clears every other highlight.
    mutating func highlight(choice: Int?, key: String?) {
        var wanted: (key: String, choice: Int)?
        if let key, let choice { wanted = (key, choice) }
        guard wanted?.key != highlighted?.key || wanted?.choice != highlighted?.choice else { return }
        highlighted = wanted
        highlightRevision += 1
    }

    /// The row at `index` as an entry.
    func entry(at index: Int) -> TranscriptEntry {
        switch rows[index] {
        case .item(let position):
            let item = items[position]
            let key = Self.entryKey(ofItem: item.key)
            let highlight = highlighted?.key == key ? highlighted?.choice : nil
            let revision = items.revision(at: position) &* 16 &+ (highlight != nil ? highlightRevision &* 2 &+ 1 : 0)
            return TranscriptEntry(
                key: key, item: item, isNotice: false, revision: revision,
                attachmentNumber: attachmentNumbers.isEmpty ? nil : attachmentNumbers[key], highlightedChoice: highlight)
        case .notice(let index):
            let notice = notices[index]
            return TranscriptEntry(key: key(at: index), item: notice.item, isNotice: true, revision: -notice.revision)
        }
    }

    /// The key of the entry at `index` (what `entry(at:).key` is, without making the entry).
    func key(at index: Int) -> String {
        switch rows[index] {
        case .item(let position): Self.entryKey(ofItem: items[position].key)
        case .notice(let notice): "n:" + notices[notice].item.id
        }
    }

    /// True when the rows show exactly `count` items, in order, as their item rows.
    private func rowsHold(_ count: Int) -> Bool {
        guard let last = rows.last(where: { if case .item = $0 { true } else { false } }) else { return count == 0 }
        return last == .item(count - 1)
    }

    /// Lays the rows out again: each item, then the notices that follow it.
    private mutating func rebuildRows() {
        arrangement &+= 1
        var after: [String: [Int]] = [:]
        var leading: [Int] = []
        let keys = Set(items.map(\.key))
        for (index, notice) in notices.enumerated() {
            if let anchor = notice.after, keys.contains(anchor) { after[anchor, default: []].append(index) } else {
                leading.append(index)
            }
        }
        rows = PackedRows()
        rows.reserveCapacity(items.count + notices.count)
        for index in leading { rows.append(.notice(index)) }
        attachmentNumbers = [:]
        for position in 0..<items.count {
            let item = items[position]
            rows.append(.item(position))
            numberIfAttachment(item)
            for index in after[item.key] ?? [] { rows.append(.notice(index)) }
        }
    }

    private mutating func numberIfAttachment(_ item: ChatItem) {
        let key = Self.entryKey(ofItem: item.key)
        guard item.attachment != nil, attachmentNumbers[key] == nil else { return }
        attachmentNumbers[key] = attachmentNumbers.count + 1
    }

    private mutating func takeNoticeRevision() -> Int {
        defer { nextNoticeRevision += 1 }
        return nextNoticeRevision
    }

    package static func == (lhs: TranscriptStore, rhs: TranscriptStore) -> Bool {
        lhs.items == rhs.items && lhs.rows == rhs.rows && lhs.notices == rhs.notices
            && lhs.highlighted?.key == rhs.highlighted?.key && lhs.highlighted?.choice == rhs.highlighted?.choice
    }

    /// The rows as entries, made when asked for.
    struct Entries: RandomAccessCollection {
        let store: TranscriptStore

        var startIndex: Int { 0 }
        var endIndex: Int { store.rows.count }

        subscript(position: Int) -> TranscriptEntry { store.entry(at: position) }
    }
}
