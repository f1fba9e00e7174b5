import Foundation
import SessionCore
@testable import AmazonConnect

// Differential target for `aws/chat` socket frames: the fast byte scanner (`ConnectFastFrameDecoder`)
// must read exactly what the `JSONDecoder` path reads, or decline (nil) so the slow path decides.
// Also checks the fast timestamp parser against `Date.ISO8601FormatStyle`, and feeds the frame to a
// whole `ConnectWire` (chunk assembly, views, uploads) for crashes.

/// What a decode produced, comparable across the two paths (errors compare as "threw").
enum Outcome: Equatable {
    case events([BackendEvent])
    case threw
}

func outcome(_ body: () throws -> [BackendEvent]) -> Outcome {
    do { return .events(try body()) } catch { return .threw }
}

/// The item the `JSONDecoder` path reads from an `aws/chat` frame, or nil where it reads none.
func referenceItem(_ frame: String) -> ConnectItem? {
    guard let envelope = try? JSONDecoder().decode(ConnectSocketFrame.self, from: Data(frame.utf8)),
        envelope.topic == "aws/chat", case .text(let inner) = envelope.content
    else { return nil }
    return try? JSONDecoder().decode(ConnectItem.self, from: Data(inner.utf8))
}

/// Every field of two items, side by side (the fast path never fills `Attachments`, nor a
/// `MessageMetadata` with receipts: their count is compared).
func fields(_ item: ConnectItem) -> [String?] {
    let metadata = item.messageMetadata
    return [
        item.absoluteTime, item.content, item.contentType, item.id, item.type, item.participantId, item.displayName,
        item.participantRole, item.relatedContactId, item.contactId, item.initialContactId,
        item.attachments.map { "\($0.count) attachments" }, metadata.map { _ in "metadata" },
        metadata?.messageId, metadata?.messageProcessingStatus, metadata?.messageCompleted.map { "\($0)" },
        metadata?.chunkNumber.map { "\($0)" }, metadata?.receipts.map { "\($0.count) receipts" },
    ]
}

/// The fast timestamp parser agrees with the format style wherever it accepts the text.
func checkTimestamp(_ text: String) {
    guard let fast = ConnectTimestamp.parse(text) else { return }
    let style = (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
        ?? (try? Date.ISO8601FormatStyle().parse(text))
    require(style != nil, "fast timestamp parser accepted \(text.debugDescription), the format style does not")
    if let style {
        require(
            fast == style,
            "timestamp \(text.debugDescription): fast \(fast.timeIntervalSinceReferenceDate), style \(style.timeIntervalSinceReferenceDate)")
    }
}

/// libFuzzer's entry point: one input is one socket frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConnectFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let frame = input.restString()

    let fastItem = ConnectFastFrameDecoder.item(frame)
    let decoded = outcome { try ConnectFrameDecoder.decode(frame) }
    let slow = outcome { try ConnectFrameDecoder.decodeWithJSONDecoder(frame) }
    require(decoded == slow, "fast and slow decoders disagree on \(frame.debugDescription):\n fast \(decoded)\n slow \(slow)")
    if let fastItem {
        let reference = referenceItem(frame)
        require(reference != nil, "the fast path read an item from a frame JSONDecoder rejects: \(frame.debugDescription)")
        if let reference {
            require(
                fields(fastItem) == fields(reference),
                "item fields differ for \(frame.debugDescription):\n fast \(fields(fastItem))\n slow \(fields(reference))")
        }
    }
    if let item = fastItem ?? referenceItem(frame) { checkTimestamp(item.absoluteTime) }
    if size <= 40 { checkTimestamp(frame) }

    var wire = ConnectWire(
        start: .participantToken("token", displayName: nil), endpoint: "https://participant.example", ids: IDSource(seed: 1))
    let first = wire.decode(frame, now: fuzzNow)
    // The same frame again (a replay after a reconnect) must not crash the chunk or view bookkeeping.
    _ = wire.decode(frame, now: fuzzNow)
    require(first.replies.isEmpty, "a Connect frame produced socket replies")
    return 0
}
