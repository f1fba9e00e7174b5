/// A row kind that packs into four bytes (the UI keeps one per transcript entry of a long chat).
protocol PackedRow: Equatable, Sendable {
    /// The row from its packed form.
    init(packed: Int32)
    /// The packed form.
    var packed: Int32 { get }
}

/// Rows stored packed, four bytes each, read back as their enum.
struct PackedRows<Row: PackedRow>: RandomAccessCollection, Equatable, Sendable {
    private var storage: [Int32] = []

    /// No rows.
    init() {}

    /// The first position.
    var startIndex: Int { 0 }
    /// One past the last position.
    var endIndex: Int { storage.count }

    /// The row at `position`.
    subscript(position: Int) -> Row { Row(packed: storage[position]) }

    /// Adds `row` at the end.
    mutating func append(_ row: Row) { storage.append(row.packed) }

    /// Makes room for `count` rows.
    mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(count) }
}

/// A position or index as packed rows hold it (a chat of over two billion rows cannot be held anyway).
func packedIndex(_ value: Int) -> Int32 { Int32(clamping: value) }
