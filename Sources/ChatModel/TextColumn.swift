import Synchronization

/// UTF-8 bytes of a transcript's texts, each written once and then only read: the items whose text
/// lies in it share it (``ItemText/column(_:start:count:)``).
///
/// A text is copied in when its item enters the transcript, so an item is written into its chunk's
/// slot once, already pointing here: nothing is gathered later, no chunk is copied to do it, and the
/// texts of a burst of messages fill a few large blocks one after another instead of leaving a
/// string per message (and a column per chunk) among the burst's short-lived allocations.
///
/// Appending claims bytes with a compare-and-exchange, so two transcript values that share the
/// column (an engine's and a copy a front end changed) never write the same bytes; a reader reads
/// only the bytes of texts it holds, written before the item holding them was handed over.
final class TextColumn: @unchecked Sendable {
    /// Capacity of a transcript's first column: one page (columns are whole pages of their own,
    /// ``PageMemory``).
    static let firstCapacity = PageMemory.pageBytes
    /// Capacity no column grows beyond (each new one doubles the last up to this).
    static let largestCapacity = 65_536
    /// Longest text worth a column: a longer one keeps a string of its own, whose overhead is
    /// small beside it.
    static let longestText = 8_192

    /// The pages the bytes are in.
    private let storage: PageMemory.Block
    /// The bytes (`capacity` of them, the first `used` written or claimed).
    private let bytes: UnsafeMutablePointer<UInt8>
    /// How many bytes it holds.
    let capacity: Int
    /// Bytes claimed so far.
    private let used = Atomic<Int>(0)

    /// An empty column of `capacity` bytes.
    init(capacity: Int) {
        precondition(capacity > 0 && capacity <= UInt32.max && capacity % PageMemory.pageBytes == 0, "a column of \(capacity) bytes")
        self.capacity = capacity
        storage = PageMemory.allocate(capacity)
        bytes = storage.start.bindMemory(to: UInt8.self, capacity: capacity)
    }

    deinit { PageMemory.free(storage) }

    /// The column that follows `previous` for a text of `length` bytes: twice its capacity, up to
    /// ``largestCapacity``, and at least the text's length in whole pages.
    static func after(_ previous: TextColumn?, for length: Int) -> TextColumn {
        let doubled = previous.map { Swift.min(largestCapacity, $0.capacity * 2) } ?? firstCapacity
        let page = PageMemory.pageBytes
        return TextColumn(capacity: Swift.max(doubled, (length + page - 1) / page * page))
    }

    /// Copies `text` into bytes no one else has claimed; returns where it starts, or nil when the
    /// column has no room left for it.
    func append(_ text: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var start = used.load(ordering: .relaxed)
        while true {
            guard capacity - start >= text.count else { return nil }
            let (exchanged, original) = used.compareExchange(
                expected: start, desired: start + text.count, ordering: .relaxed)
            if exchanged { break }
            start = original
        }
        if let base = text.baseAddress { (bytes + start).update(from: base, count: text.count) }
        // `start` is below `capacity`, which the initializer keeps within `UInt32`.
        return UInt32(truncatingIfNeeded: start)
    }

    /// Calls `body` with the `count` bytes at `start` (a text appended before).
    func withBytes<Result>(start: UInt32, count: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let low = Int(truncatingIfNeeded: start)
        let length = Int(truncatingIfNeeded: count)
        precondition(low + length <= capacity, "text at \(low) of \(length) bytes beyond a column of \(capacity)")
        return body(UnsafeBufferPointer(start: bytes + low, count: length))
    }
}
