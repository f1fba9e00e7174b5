import ChatModel
import Foundation

/// Appends every transcript item as one JSON line (`--transcript FILE`).
///
/// Items from others are written when they arrive; our own messages when they settle
/// (accepted or failed), so each item is written exactly once with its id and delivery.
public struct TranscriptFileWriter: Sendable {
    /// One line of the file.
    public struct Record: Codable, Sendable, Equatable {
        /// Server id (or local id for a failed message).
        public var id: String
        /// ISO 8601 time.
        public var time: String
        /// customer, agent, bot or system.
        public var role: String
        /// Display name.
        public var name: String
        /// MIME type of the text.
        public var contentType: String
        /// The text.
        public var text: String
        /// Delivery state, for our own messages.
        public var delivery: String?
        /// True for items from a past session.
        public var history: Bool?
    }

    private let handle: FileHandle

    /// Opens (creating with mode 0600, appending) the file at `path`.
    public init(path: String) throws {
        self.handle = try PrivateAppendFile.open(path)
    }

    /// Writes items from `events` until the stream ends.
    public func run(events: AsyncStream<ChatEvent>) async {
        var written: Set<String> = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for await event in events {
            let item: ChatItem
            switch event {
            case .item(let new): item = new
            case .itemUpdated(let updated): item = updated
            case .olderItems(let older, _):
                for item in older where written.insert(item.id).inserted { write(item, encoder: encoder) }
                continue
            case .transcriptReset(let reloaded, _):
                // Only what the file does not hold yet (own messages are known by local and server id).
                for item in reloaded where item.delivery != .pending && !written.contains(item.localId ?? item.id)
                    && written.insert(item.id).inserted
                {
                    write(item, encoder: encoder)
                }
                continue
            default: continue
            }
            if item.delivery == .pending { continue }
            let key = item.localId ?? item.id
            guard written.insert(key).inserted else { continue }
            written.insert(item.id)
            write(item, encoder: encoder)
        }
        try? handle.close()
    }

    /// The record for an item.
    public static func record(for item: ChatItem) -> Record {
        let role: String
        switch item.sender.role {
        case .customer: role = "customer"
        case .agent, .supervisor: role = "agent"
        case .bot: role = "bot"
        case .system: role = "system"
        }
        return Record(
            id: item.id, time: item.time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            role: role, name: item.sender.name, contentType: item.contentType, text: item.text,
            delivery: item.delivery?.rawValue, history: item.isHistory ? true : nil)
    }

    private func write(_ item: ChatItem, encoder: JSONEncoder) {
        guard let data = try? encoder.encode(Self.record(for: item)) else { return }
        handle.write(data + Data("\n".utf8))
    }
}
