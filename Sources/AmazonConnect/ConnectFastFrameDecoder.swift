import Foundation

/// The fast path for `aws/chat` frames: one scan of the envelope, one unescape of its `content`,
/// one scan of the item inside, no `Data`, no `JSONDecoder`.
///
/// It understands the common shape only — an object with `topic` "aws/chat" and a string
/// `content` holding an item whose fields are strings (or null where optional), and a
/// `MessageMetadata` without receipts (a streamed reply's chunks, a processing status). Anything
/// else (other topics, `Attachments`, `Receipts`, escaped keys, duplicate fields, a number that
/// is not a plain integer, JSON it cannot vouch for) yields nil, and ``ConnectFrameDecoder``
/// decodes the frame the slow way.
enum ConnectFastFrameDecoder {
    /// The item of an `aws/chat` frame, or nil when the slow path must decide.
    static func item(_ frame: String) -> ConnectItem? {
        var frame = frame
        return frame.withUTF8 { bytes -> ConnectItem? in
            guard let content = envelopeContent(bytes) else { return nil }
            let raw = UnsafeBufferPointer(rebasing: bytes[content.range])
            guard content.escaped else { return item(inner: raw) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer -> ConnectItem? in
                guard let count = JSONByteReader.unescape(raw, into: buffer) else { return nil }
                return item(inner: UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    // MARK: Envelope

    private static let topicKey: StaticString = "topic"
    private static let contentKey: StaticString = "content"
    private static let awsChat: StaticString = "aws/chat"
    /// Envelope keys whose value must be a string for `ConnectSocketFrame` to decode.
    private static let stringKeys: [StaticString] = ["contentType", "statusContent", "message"]

    /// The raw `content` string of an `aws/chat` envelope.
    private static func envelopeContent(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONByteReader.RawString? {
        var reader = JSONByteReader(bytes)
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var content: JSONByteReader.RawString?
        var isChat: Bool?
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                reader.skipWhitespace()
                guard let key = reader.readString(), !key.escaped, reader.consume(UInt8(ascii: ":")) else { return nil }
                let name = UnsafeBufferPointer(rebasing: bytes[key.range])
                if equals(name, topicKey) {
                    reader.skipWhitespace()
                    guard isChat == nil, let topic = reader.readString() else { return nil }
                    isChat = isAWSChat(UnsafeBufferPointer(rebasing: bytes[topic.range]), escaped: topic.escaped)
                } else if equals(name, contentKey) {
                    reader.skipWhitespace()
                    guard content == nil, let text = reader.readString() else { return nil }
                    content = text
                } else if stringKeys.contains(where: { equals(name, $0) }) {
                    reader.skipWhitespace()
                    guard reader.readString() != nil else { return nil }
                } else if equals(name, "statusCode") {
                    return nil
                } else {
                    guard reader.skipValue() else { return nil }
                }
            } while reader.consume(UInt8(ascii: ","))
            guard reader.consume(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipWhitespace()
        guard reader.atEnd, isChat == true else { return nil }
        return content
    }

    /// Whether a topic token reads `aws/chat` (some JSON writers send `aws\/chat`).
    private static func isAWSChat(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool) -> Bool {
        guard escaped else { return equals(raw, awsChat) }
        guard raw.count <= 64, let topic = JSONByteReader.unescaped(raw) else { return false }
        return topic.withUnsafeBufferPointer { equals($0, awsChat) }
    }

    // MARK: Item

    /// The item fields the fast path reads, in `fieldNames` order.
    private enum Field: Int, CaseIterable {
        case absoluteTime, content, contentType, id, type, participantId, displayName, participantRole
        case relatedContactId, contactId, initialContactId, attachments, messageMetadata
    }

    private static let fieldNames: [StaticString] = [
        "AbsoluteTime", "Content", "ContentType", "Id", "Type", "ParticipantId", "DisplayName", "ParticipantRole",
        "RelatedContactId", "ContactId", "InitialContactId", "Attachments", "MessageMetadata",
    ]

    /// Decodes the item JSON (already unescaped once).
    private static func item(inner bytes: UnsafeBufferPointer<UInt8>) -> ConnectItem? {
        var reader = JSONByteReader(bytes)
        var values = [String?](repeating: nil, count: Field.allCases.count)
        var metadata: ConnectMessageMetadata?
        var seen: UInt32 = 0
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                guard let member = member(&reader, bytes, names: fieldNames, seen: &seen) else { return nil }
                guard case .known(let index) = member, let field = Field(rawValue: index) else { continue }
                if reader.skipNull() { continue }
                if field == .messageMetadata {
                    guard let read = messageMetadata(&reader, bytes) else { return nil }
                    metadata = read
                    continue
                }
                guard field != .attachments, let raw = reader.readString(),
                    let value = string(bytes, raw)
                else { return nil }
                values[field.rawValue] = value
            } while reader.consume(UInt8(ascii: ","))
            guard reader.consume(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipWhitespace()
        guard reader.atEnd, let time = values[Field.absoluteTime.rawValue], let id = values[Field.id.rawValue],
            let type = values[Field.type.rawValue]
        else { return nil }
        return ConnectItem(
            absoluteTime: time, content: values[Field.content.rawValue], contentType: values[Field.contentType.rawValue],
            id: id, type: type, participantId: values[Field.participantId.rawValue],
            displayName: values[Field.displayName.rawValue], participantRole: values[Field.participantRole.rawValue],
            messageMetadata: metadata, relatedContactId: values[Field.relatedContactId.rawValue],
            contactId: values[Field.contactId.rawValue], initialContactId: values[Field.initialContactId.rawValue])
    }

    // MARK: MessageMetadata

    /// The metadata fields the fast path reads, in `metadataNames` order.
    private enum MetadataField: Int, CaseIterable {
        case messageId, messageProcessingStatus, messageCompleted, chunkNumber, receipts
    }

    private static let metadataNames: [StaticString] = [
        "MessageId", "MessageProcessingStatus", "MessageCompleted", "ChunkNumber", "Receipts",
    ]

    /// A `MessageMetadata` object without receipts; nil (the slow path decides) for anything else.
    private static func messageMetadata(
        _ reader: inout JSONByteReader, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> ConnectMessageMetadata? {
        var metadata = ConnectMessageMetadata()
        var seen: UInt32 = 0
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        if reader.consume(UInt8(ascii: "}")) { return metadata }
        repeat {
            guard let member = member(&reader, bytes, names: metadataNames, seen: &seen) else { return nil }
            guard case .known(let index) = member, let field = MetadataField(rawValue: index) else { continue }
            if reader.skipNull() { continue }
            switch field {
            case .messageId, .messageProcessingStatus:
                guard let raw = reader.readString(), let value = string(bytes, raw) else { return nil }
                if field == .messageId { metadata.messageId = value } else { metadata.messageProcessingStatus = value }
            case .messageCompleted:
                guard let value = reader.readBool() else { return nil }
                metadata.messageCompleted = value
            case .chunkNumber:
                guard let value = reader.readPlainInteger() else { return nil }
                metadata.chunkNumber = value
            case .receipts:
                return nil
            }
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "}")) else { return nil }
        return metadata
    }

    /// One object member's key, read with its colon.
    private enum Member {
        /// The key is `names[index]`, the first time it comes: its value is next.
        case known(Int)
        /// Another key: its value was skipped.
        case skipped
    }

    /// Reads the next member's key of an object; nil when the key is escaped, a known key comes a
    /// second time (`seen` holds a bit per index of `names`) or the JSON is not what this path reads.
    private static func member(
        _ reader: inout JSONByteReader, _ bytes: UnsafeBufferPointer<UInt8>, names: [StaticString], seen: inout UInt32
    ) -> Member? {
        reader.skipWhitespace()
        guard let key = reader.readString(), !key.escaped, reader.consume(UInt8(ascii: ":")) else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[key.range])
        guard let index = names.firstIndex(where: { equals(name, $0) }) else {
            return reader.skipValue() ? .skipped : nil
        }
        let bit: UInt32 = 1 << index
        guard seen & bit == 0 else { return nil }
        seen |= bit
        return .known(index)
    }

    /// The Swift string of a string token.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ raw: JSONByteReader.RawString) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[raw.range])
        guard raw.escaped else { return String(decoding: slice, as: UTF8.self) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: slice.count) { buffer -> String? in
            guard let count = JSONByteReader.unescape(slice, into: buffer) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    @inline(__always)
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base, text.utf8Start, bytes.count) == 0
    }
}
