import CCmarkGFM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bump allocator cmark-gfm parses into when `Markdown.render` renders a reply.
///
/// cmark-gfm makes tens of small allocations per paragraph (nodes, text chunks, buffers) and
/// frees them one by one with the tree. Here they come from a few retained blocks instead; `free`
/// does nothing and `reset()` drops the whole tree at once. The C callbacks carry no context, so
/// there is one arena per process: it is used only while `ProcessLock.parser` is held (parse,
/// reading the tree — reading a literal may allocate — and the reset).
enum CmarkArena {
    /// Bytes in front of every allocation: its usable size (keeps 16-byte alignment).
    private static let header = 16
    /// Size of a regular block; larger requests get a block of their own.
    private static let blockSize = 64 * 1024
    /// Blocks kept across resets (more are released to the system).
    private static let keptBlocks = 4

    /// The blocks and the bump position in the last one; touched only under `ProcessLock.parser`.
    nonisolated(unsafe) private static var blocks: [UnsafeMutableRawPointer] = []
    nonisolated(unsafe) private static var sizes: [Int] = []
    nonisolated(unsafe) private static var current = -1
    nonisolated(unsafe) private static var used = 0

    /// The allocator handed to `cmark_parser_new_with_mem` (lives for the process).
    nonisolated(unsafe) static let memory: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: cmark_mem(
            calloc: { count, size in CmarkArena.allocate(count * size, zeroed: true) },
            realloc: { pointer, size in CmarkArena.reallocate(pointer, size) },
            free: { _ in }
        ))
        return memory
    }()

    /// Forgets every allocation (the tree parsed into the arena must not be used afterwards).
    static func reset() {
        if blocks.count > keptBlocks {
            for index in keptBlocks..<blocks.count { free(blocks[index]) }
            blocks.removeSubrange(keptBlocks...)
            sizes.removeSubrange(keptBlocks...)
        }
        current = blocks.isEmpty ? -1 : 0
        used = 0
    }

    /// `size` bytes (zeroed when asked) after a header that records the size.
    private static func allocate(_ size: Int, zeroed: Bool) -> UnsafeMutableRawPointer? {
        let rounded = (max(size, 1) + 15) & ~15
        let needed = rounded + header
        if current < 0 || used + needed > sizes[current] {
            guard nextBlock(minimum: needed) else { return nil }
        }
        let start = blocks[current] + used
        used += needed
        start.storeBytes(of: rounded, as: Int.self)
        let result = start + header
        if zeroed { memset(result, 0, rounded) }
        return result
    }

    /// Moves on to a block with room for `needed` bytes: the next kept one, or a new one.
    private static func nextBlock(minimum needed: Int) -> Bool {
        var index = current + 1
        while index < blocks.count && sizes[index] < needed { index += 1 }
        if index < blocks.count {
            // Blocks skipped over stay unused until the next reset; move the found one here.
            blocks.swapAt(current + 1, index)
            sizes.swapAt(current + 1, index)
        } else {
            let size = max(blockSize, needed)
            guard let block = malloc(size) else { return false }
            blocks.insert(block, at: current + 1)
            sizes.insert(size, at: current + 1)
        }
        current += 1
        used = 0
        return true
    }

    /// Grows (or shrinks) an allocation: in place when it is the last one and there is room.
    private static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size, zeroed: false) }
        let old = (pointer - header).load(as: Int.self)
        let rounded = (max(size, 1) + 15) & ~15
        if rounded <= old { return pointer }
        let end = blocks[current] + used
        if pointer + old == end && used + (rounded - old) <= sizes[current] {
            used += rounded - old
            (pointer - header).storeBytes(of: rounded, as: Int.self)
            return pointer
        }
        guard let moved = allocate(size, zeroed: false) else { return nil }
        moved.copyMemory(from: pointer, byteCount: old)
        return moved
    }
}
