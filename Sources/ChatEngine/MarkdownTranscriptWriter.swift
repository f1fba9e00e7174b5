import ChatModel
import Foundation

/// Appends the transcript as Markdown (`--transcript FILE.md`): one section per item, written once,
/// our own messages when they settle, like ``TranscriptFileWriter``.
public struct MarkdownTranscriptWriter: Sendable {
    private let handle: FileHandle

    /// Opens (creating with mode 0600, appending) the file at `path`.
    public init(path: String) throws {
        self.handle = try PrivateAppendFile.open(path)
    }

    /// True when `path` asks for Markdown (`.md` or `.markdown`).
    public static func wants(path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// Writes items from `events` until the stream ends.
    public func run(events: AsyncStream<ChatEvent>) async {
        var written: Set<String> = []
        for await event in events {
            let items: [ChatItem]
            switch event {
            case .item(let new): items = [new]
            case .itemUpdated(let updated): items = [updated]
            case .olderItems(let older, _): items = older
            case .transcriptReset(let reloaded, _): items = reloaded.filter { !written.contains($0.id) }
            default: continue
            }
            for item in items where item.delivery != .pending && !item.isStreaming {
                guard written.insert(item.localId ?? item.id).inserted else { continue }
                written.insert(item.id)
                handle.write(Data(Self.section(for: item).utf8))
            }
        }
        try? handle.close()
    }

    /// The Markdown for one item.
    public static func section(for item: ChatItem) -> String {
        let time = item.time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
        if case .event = item.kind { return "> _\(time) · \(item.text)_\n\n" }
        let role = item.sender.role == .customer ? "" : " (\(item.sender.role.rawValue))"
        var header = "**\(item.sender.name)**\(role) · \(time)"
        if item.isHistory { header += " · earlier chat" }
        if item.delivery == .failed { header += " · not delivered" }
        let body = item.contentType.hasPrefix("text/") ? item.text : "```json\n\(item.text)\n```"
        return "\(header)\n\n\(body)\n\n---\n\n"
    }
}
