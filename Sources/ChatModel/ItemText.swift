/// An item's text as stored: a string of its own, or a run of UTF-8 bytes in a column that the
/// items of one transcript chunk share.
///
/// A Swift string longer than 15 bytes has a heap storage of its own: a 32-byte header, the bytes,
/// a terminating NUL and the allocator's own header and rounding, about 45 bytes beyond the text. A
/// long chat holds tens of thousands of them, so once a chunk of the transcript is full its texts
/// move into one byte array (``TranscriptItems``), which costs that overhead once for the chunk.
/// Reading such a text makes a string again; it compares and hashes by its text either way.
enum ItemText: Sendable {
    /// A string of its own (new items, short texts, a reply still streaming).
    case loose(String)
    /// `count` bytes at `start` in `column`.
    case column([UInt8], start: UInt32, count: UInt32)

    /// Longest text that a Swift string keeps inline, without storage of its own.
    static let inlineLimit = 15

    /// The text.
    var string: String {
        switch self {
        case .loose(let string):
            return string
        case .column(let column, let start, let count):
            return column.withUnsafeBufferPointer { all in
                String(decoding: UnsafeBufferPointer(rebasing: all[Self.range(start: start, count: count)]), as: UTF8.self)
            }
        }
    }

    /// The length in UTF-8 bytes of a string of its own that is worth moving into a column; nil for a
    /// short one (kept inline anyway) or one already in a column.
    var looseLengthWorthMoving: Int? {
        guard case .loose(let string) = self else { return nil }
        let count = string.utf8.count
        return count > Self.inlineLimit ? count : nil
    }

    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .loose(var string):
            return string.withUTF8(body)
        case .column(let column, let start, let count):
            return column.withUnsafeBufferPointer { all in
                body(UnsafeBufferPointer(rebasing: all[Self.range(start: start, count: count)]))
            }
        }
    }

    /// Where a text lies in its column (a `UInt32` always fits an `Int` here).
    private static func range(start: UInt32, count: UInt32) -> Range<Int> {
        let low = Int(truncatingIfNeeded: start)
        return low..<(low + Int(truncatingIfNeeded: count))
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

extension TranscriptItems.Chunk {
    /// Moves the texts of `entries` that have a long string of their own into one column, a reply
    /// still streaming excepted (it keeps growing). Nothing a reader sees changes.
    static func gatherTexts(in entries: UnsafeMutableBufferPointer<Entry>) {
        var total = 0
        var moving = 0
        for entry in entries where !entry.item.isStreaming {
            guard let length = entry.item.storedText.looseLengthWorthMoving else { continue }
            total += length
            moving += 1
        }
        guard moving > 1, UInt32(exactly: total) != nil else { return }
        var column: [UInt8] = []
        column.reserveCapacity(total)
        var placed: [(index: Int, start: Int, count: Int)] = []
        placed.reserveCapacity(moving)
        for (index, entry) in entries.enumerated() where !entry.item.isStreaming && entry.item.storedText.looseLengthWorthMoving != nil {
            let start = column.count
            entry.item.storedText.withUTF8 { column.append(contentsOf: $0) }
            placed.append((index, start, column.count - start))
        }
        for entry in placed {
            // Both fit: they are at most `total`, checked above.
            let start = UInt32(truncatingIfNeeded: entry.start)
            entries[entry.index].item.storedText = .column(column, start: start, count: UInt32(truncatingIfNeeded: entry.count))
        }
    }
}
