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

    @Test("once pinned, a block over the threshold is mapped on its own even after a far bigger one was freed, which would have raised the threshold (and with it the heap's trim threshold) for good")
    func aFreedBigBlockMovesNothing() throws {
        #expect(HeapThresholds.pin())
        // A big buffer freed, as reading /proc/self/smaps leaves one.
        free(malloc(8 << 20))
        let block = try #require(malloc(2 * Int(HeapThresholds.bytes)))
        defer { free(block) }
        #expect(Self.isMappedOnItsOwn(block), "a 256 KiB block came from the heap: the threshold moved")
        let small = try #require(malloc(4_096))
        defer { free(small) }
        #expect(!Self.isMappedOnItsOwn(small))
    }
}
