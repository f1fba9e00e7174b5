import ChatModel

/// What line mode would print of our own messages, by the rule `PlainMode` prints with: an item
/// inserted as something other than pending (or being checked) prints once, and our message printed once
/// it leaves them. A typed message printed twice is a message the user sees sent twice.
struct LinePrintModel {
    private var printedLocalIds: Set<String> = []
    private(set) var printedOwn: [String: Int] = [:]
    /// Server ids of our messages printed as sent (or delivered, or read).
    private(set) var printedAsSent: Set<String> = []

    /// Follows one published transcript change; returns the own message it printed, if any.
    mutating func follow(_ update: TranscriptUpdate) -> ChatItem? {
        switch update.change {
        case .inserted:
            guard let item = update.item, item.isOwn, case .message = item.kind, !item.isStreaming,
                item.delivery?.isOnItsWay != true
            else { return nil }
            if let localId = item.localId { printedLocalIds.insert(localId) }
            note(item)
            return item
        case .updated, .moved:
            guard let item = update.item, item.isOwn, case .message = item.kind, let localId = item.localId,
                item.delivery?.isOnItsWay != true, printedLocalIds.insert(localId).inserted
            else { return nil }
            note(item)
            return item
        case .reset:
            // Line mode marks a reload and prints the history once more: counting starts again.
            self = LinePrintModel()
            return nil
        case .removed, .merged:
            return nil
        }
    }

    /// Counts a printed message of ours (by what was typed).
    private mutating func note(_ item: ChatItem) {
        // An attempt the contact center stopped is printed as such; a retry of its text is another message.
        if item.delivery?.isUndelivered != true { printedOwn[item.typedText ?? item.text, default: 0] += 1 }
        if (item.delivery ?? .sent) >= .sent { printedAsSent.insert(item.id) }
    }

    /// Typed messages printed more than once.
    func printedTwice(among typed: Set<String>) -> [String] {
        printedOwn.filter { typed.contains($0.key) && $0.value > 1 }.map(\.key).sorted()
    }
}
