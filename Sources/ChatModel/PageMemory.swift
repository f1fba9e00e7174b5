import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Whole pages of memory taken from the system directly, for the transcript's long-lived blocks
/// (chunk slots, ``TranscriptItems/Chunk``, and text columns, ``TextColumn``).
///
/// A burst of messages allocates those blocks among its short-lived garbage (decoded frames, events
/// waiting for the screen). From the allocator's heap, a block shares its first and last pages
/// with that garbage, and once the garbage is freed those pages stay resident for the block's sake
/// (glibc can give back only whole free pages): a few kB a block, a tenth of a long chat's memory.
/// Pages of their own are exactly what the blocks use and never pin anything else.
///
/// Single pages (a chunk's slots) are reused: a chunk copied on a change (a receipt, a streamed
/// reply's next words) frees one page and takes another, so a few freed pages are kept for the next
/// taker instead of a system call each way.
package enum PageMemory {
    /// The size of a page: every block is a multiple of it.
    package static let pageBytes = 4_096
    /// How many freed single pages are kept for reuse.
    static let spareLimit = 32

    /// A block of whole pages.
    struct Block {
        /// Its first byte (page-aligned).
        let start: UnsafeMutableRawPointer
        /// Its size in bytes.
        let bytes: Int
        /// False when the system had no mapping to give and the block came from the heap instead.
        let mapped: Bool
    }

    /// Freed single pages (their addresses), kept for reuse.
    private static let spare = Mutex<[UInt]>([])

    /// Counts of the blocks taken and given back by one task (a test's).
    final class Ledger: Sendable {
        /// Blocks allocated.
        let taken = Atomic<Int>(0)
        /// Blocks freed.
        let givenBack = Atomic<Int>(0)
    }

    /// The ledger the current task's blocks are counted in, if it set one.
    @TaskLocal static var ledger: Ledger?

    /// A block of `bytes`, a multiple of ``pageBytes``; its contents are undefined. `map` asks the
    /// system for the pages (a test passes one that has none to give).
    static func allocate(_ bytes: Int, map: (Int) -> UnsafeMutableRawPointer? = mapPages) -> Block {
        precondition(bytes > 0 && bytes % pageBytes == 0, "a block of \(bytes) bytes")
        ledger?.taken.add(1, ordering: .relaxed)
        if bytes == pageBytes, let reused = spare.withLock({ $0.popLast() }),
            let start = UnsafeMutableRawPointer(bitPattern: reused)
        {
            return Block(start: start, bytes: bytes, mapped: true)
        }
        if let mapping = map(bytes) { return Block(start: mapping, bytes: bytes, mapped: true) }
        // No mapping to be had (the process's limit of them): the heap's pages serve as well.
        return Block(start: UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: pageBytes), bytes: bytes, mapped: false)
    }

    /// Gives back a block ``allocate(_:)`` returned.
    static func free(_ block: Block) {
        ledger?.givenBack.add(1, ordering: .relaxed)
        guard block.mapped else {
            block.start.deallocate()
            return
        }
        if block.bytes == pageBytes {
            let address = UInt(bitPattern: block.start)
            let kept = spare.withLock { pages -> Bool in
                guard pages.count < spareLimit else { return false }
                pages.append(address)
                return true
            }
            if kept { return }
        }
        munmap(block.start, block.bytes)
    }

    /// A private anonymous mapping of `bytes`, or nil when the system has none to give.
    static func mapPages(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let mapping = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapping, mapping != MAP_FAILED else { return nil }
        return mapping
    }
}
