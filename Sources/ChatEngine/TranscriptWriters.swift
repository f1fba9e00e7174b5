import ChatModel
import Foundation
import SessionCore
import Transport
import Synchronization

/// Where transcript records go (`--transcript FILE`): JSON lines or Markdown.
public protocol TranscriptSink: Sendable {
    /// Writes one record (in order with the ones before).
    func write(_ record: TranscriptRecord)
    /// Returns when everything written is on disk.
    func drain()
}

/// `--transcript FILE`: every record as one JSON line (the contract is on ``TranscriptRecord``).
public final class JSONLinesTranscript: TranscriptSink {
    private let file: AppendOnlyFile
    private let encoder: JSONEncoder

    /// Opens (creating with mode 0600, appending) the file at `path`.
    public init(path: String, problem: @escaping @Sendable (String) -> Void) throws {
        file = try AppendOnlyFile(path: path, problem: problem)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
    }

    /// Appends the record's line.
    public func write(_ record: TranscriptRecord) {
        guard let data = try? encoder.encode(record) else { return }
        file.append(data + Data("\n".utf8))
    }

    /// Waits for the writes.
    public func drain() { file.drain() }
}

/// `--transcript FILE.md`: one section per item, written when the item is first complete (Markdown
/// cannot be updated in place: later changes of an item are not repeated).
public final class MarkdownTranscript: TranscriptSink {
    private let file: AppendOnlyFile
    private let written = Mutex<Set<String>>([])

    /// Opens (creating with mode 0600, appending) the file at `path`.
    public init(path: String, problem: @escaping @Sendable (String) -> Void) throws {
        file = try AppendOnlyFile(path: path, problem: problem)
    }

    /// True when `path` asks for Markdown (`.md` or `.markdown`).
    public static func wants(path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// Writes the record's section the first time its item is recorded.
    public func write(_ record: TranscriptRecord) {
        // A message still being checked is written once the check is over (as delivered, or not).
        guard record.removed != true, record.delivery.flatMap(Delivery.init(rawValue:)) != .checking else { return }
        let fresh = written.withLock { seen -> Bool in
            let known = seen.contains(record.id) || record.localId.map(seen.contains) == true
            seen.insert(record.id)
            if let localId = record.localId { seen.insert(localId) }
            return !known
        }
        guard fresh else { return }
        file.append(Data(Self.section(for: record).utf8))
    }

    /// Waits for the writes.
    public func drain() { file.drain() }

    /// The Markdown for one record.
    public static func section(for record: TranscriptRecord) -> String {
        let time = String(record.time.prefix(19)) + "Z"
        if record.kind == "event" { return "> _\(time) · \(record.text)_\n\n" }
        let role = record.role == "customer" ? "" : " (\(record.role))"
        var header = "**\(record.name)**\(role) · \(time)"
        if record.history == true { header += " · earlier chat" }
        switch record.delivery.flatMap(Delivery.init(rawValue:)) {
        case .failed, .notProcessed: header += " · not delivered"
        case .rejected: header += " · not delivered: blocked by the contact center's message rules"
        default: if record.typed != nil { header += " · redacted by the contact center" }
        }
        var body = record.contentType.hasPrefix("text/") || record.kind == "attachment"
            ? record.text : "```json\n\(record.text)\n```"
        if let cards = record.cards, !cards.isEmpty { body += "\n\n" + cards.map(\.line).joined(separator: "\n") }
        if let choices = record.choices, !choices.isEmpty {
            body += "\n\n" + choices.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        }
        if let answer = record.answer { body += "\n\n✓ *Picked: \(answer)*" }
        return "\(header)\n\n\(body)\n\n---\n\n"
    }
}
