import ChatModel

/// What line mode would print of our own messages, by the rule `PlainMode` prints with: an item
/// inserted as something other than pending prints once, and our message printed once it leaves
/// pending. A typed message printed twice is a message the user sees sent twice.
struct LinePrintModel {
    private var printedLocalIds: Set<String> = []
    private(set) var printedOwn: [String: Int] = [:]

    /// Follows one published transcript change; returns the own message it printed, if any.
    mutating func follow(_ update: TranscriptUpdate) -> ChatItem? {
        switch update.change {
        case .inserted:
            guard let item = update.item, item.isOwn, case .message = item.kind, !item.isStreaming,
                item.delivery != .pending
            else { return nil }
            if let localId = item.localId { printedLocalIds.insert(localId) }
            printedOwn[item.text, default: 0] += 1
            return item
        case .updated, .moved:
            guard let item = update.item, item.isOwn, case .message = item.kind, let localId = item.localId,
                item.delivery != .pending, printedLocalIds.insert(localId).inserted
            else { return nil }
            printedOwn[item.text, default: 0] += 1
            return item
        case .reset:
            // Line mode marks a reload and prints the history once more: counting starts again.
            self = LinePrintModel()
            return nil
        case .removed, .merged:
            return nil
        }
    }

    /// Typed messages printed more than once.
    func printedTwice(among typed: Set<String>) -> [String] {
        printedOwn.filter { typed.contains($0.key) && $0.value > 1 }.map(\.key).sorted()
    }
}
