import Glibc
import Testing

@testable import TerminalRuntime

@Suite("glibc's thresholds stay where they were set")
struct HeapThresholdsTests {
    /// Whether glibc mapped `block` on its own: it marks such a block in the size word before it
    /// (`IS_MMAPPED`, bit 1).
    static func isMappedOnItsOwn(_ block: UnsafeMutableRawPointer) -> Bool {
        block.advanced(by: -MemoryLayout<UInt>.size).load(as: UInt.self) & 2 != 0
    }

    @Test("once pinned, a big block is mapped on its own even after a bigger one was freed, which would have raised the threshold (and with it the heap's trim threshold) for good")
    func aFreedBigBlockMovesNothing() throws {
        #expect(HeapThresholds.pin())
        // A big buffer freed, as reading /proc/self/smaps leaves one: unpinned, glibc would take
        // blocks up to its size from the heap from now on.
        free(malloc(30 << 20))
        // Big enough that no free run of this busy test process's heaps can serve it (a block over
        // the threshold still comes from the heap when a free run fits it).
        let block = try #require(malloc(24 << 20))
        defer { free(block) }
        #expect(Self.isMappedOnItsOwn(block), "a 24 MB block came from the heap: the threshold moved")
        let small = try #require(malloc(4_096))
        defer { free(small) }
        #expect(!Self.isMappedOnItsOwn(small))
    }
}
