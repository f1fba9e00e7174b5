/// An item's text as stored: a string of its own, or a run of UTF-8 bytes in a column that the
/// items of one transcript share.
///
/// A Swift string longer than 15 bytes has a heap storage of its own: a 32-byte header, the bytes,
/// a terminating NUL and the allocator's own header and rounding, about 45 bytes beyond the text. A
/// long chat holds tens of thousands of them, so a transcript copies each long text into a shared
/// ``TextColumn`` as its item comes in (``TranscriptItems``). Reading such a text makes a string
/// again; it compares and hashes by its text either way.
enum ItemText: Sendable {
    /// A string of its own (short texts, a reply still streaming, an item outside a transcript).
    case loose(String)
    /// `count` bytes at `start` in `column`.
    case column(TextColumn, start: UInt32, count: UInt32)

    /// Longest text that a Swift string keeps inline, without storage of its own.
    static let inlineLimit = 15

    /// The text.
    var string: String {
        switch self {
        case .loose(let string):
            return string
        case .column(let column, let start, let count):
            return column.withBytes(start: start, count: count) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The length in UTF-8 bytes of a string of its own that is worth moving into a column; nil for a
    /// short one (kept inline anyway), a very long one, or one already in a column.
    var looseLengthWorthMoving: Int? {
        guard case .loose(let string) = self else { return nil }
        let count = string.utf8.count
        return count > Self.inlineLimit && count <= TextColumn.longestText ? count : nil
    }

    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .loose(var string):
            return string.withUTF8(body)
        case .column(let column, let start, let count):
            return column.withBytes(start: start, count: count, body)
        }
    }

    /// This text in `column` (a new one made after it when it is full, which `column` then names), if
    /// it is a long string of its own; else the text as it is.
    func placed(in column: inout TextColumn?) -> ItemText {
        guard let length = looseLengthWorthMoving else { return self }
        return withUTF8 { bytes in
            if let current = column, let start = current.append(bytes) {
                return .column(current, start: start, count: UInt32(truncatingIfNeeded: length))
            }
            let fresh = TextColumn.after(column, for: length)
            column = fresh
            // A fresh column holds at least `length` bytes.
            guard let start = fresh.append(bytes) else { return self }
            return .column(fresh, start: start, count: UInt32(truncatingIfNeeded: length))
        }
    }
}

extension ItemText: Hashable {
    /// Equal when the texts are: the same bytes, or strings Swift counts as equal (canonically equivalent).
    static func == (lhs: ItemText, rhs: ItemText) -> Bool {
        if case .loose(let left) = lhs, case .loose(let right) = rhs { return left == right }
        let sameBytes = lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
        return sameBytes || lhs.string == rhs.string
    }

    /// Hashes the text as its string would.
    func hash(into hasher: inout Hasher) { hasher.combine(string) }
}
