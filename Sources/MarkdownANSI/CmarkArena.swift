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
/// there is one arena per process: it is used only while `CmarkParser.lock` is held (parse,
/// reading the tree — reading a literal may allocate — and the reset).
enum CmarkArena {
    /// Bytes in front of every allocation: its usable size (keeps 16-byte alignment).
    private static let header = 16
    /// Size of a regular block; larger requests get a block of their own.
    private static let blockSize = 64 * 1024
    /// Regular blocks kept across resets (more, and larger ones, are released to the system).
    private static let keptBlocks = 4

    /// The blocks and the bump position in the current one.
    private struct State {
        /// Start of the block allocations come from now.
        var base: UnsafeMutableRawPointer?
        /// Bytes used in it.
        var used = 0
        /// Its size.
        var size = 0
        /// Index of that block in `blocks` (-1 before the first).
        var current = -1
        /// Every block owned (the first `current` + 1 hold the tree being parsed).
        var blocks: [UnsafeMutableRawPointer] = []
        /// Their sizes.
        var sizes: [Int] = []
    }

    /// The one state, reached through a pointer (no exclusivity bookkeeping on each allocation);
    /// touched only under `CmarkParser.lock`.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()

    /// The allocator handed to `cmark_parser_new_with_mem` (lives for the process).
    nonisolated(unsafe) static let memory: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(to: cmark_mem(
            calloc: { count, size in
                let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
                return overflow ? nil : CmarkArena.allocate(bytes, zeroed: true)
            },
            realloc: { pointer, size in CmarkArena.reallocate(pointer, size) },
            free: { _ in }
        ))
        return memory
    }()

    /// Forgets every allocation (the tree parsed into the arena must not be used afterwards).
    static func reset() {
        let state = state
        var index = 0
        while index < state.pointee.blocks.count {
            // Keep a few regular blocks; release the rest and every oversized one.
            if index >= keptBlocks || state.pointee.sizes[index] > blockSize {
                free(state.pointee.blocks[index])
                state.pointee.blocks.remove(at: index)
                state.pointee.sizes.remove(at: index)
            } else {
                index += 1
            }
        }
        state.pointee.current = -1
        state.pointee.base = nil
        state.pointee.used = 0
        state.pointee.size = 0
    }

    /// `size` bytes (zeroed when asked) after a header that records the size.
    @inline(__always)
    private static func allocate(_ size: Int, zeroed: Bool) -> UnsafeMutableRawPointer? {
        let state = state
        let rounded = (max(size, 1) + 15) & ~15
        let needed = rounded + header
        if state.pointee.used + needed > state.pointee.size {
            guard nextBlock(state, minimum: needed) else { return nil }
        }
        guard let base = state.pointee.base else { return nil }
        let start = base + state.pointee.used
        state.pointee.used += needed
        start.storeBytes(of: rounded, as: Int.self)
        let result = start + header
        if zeroed { memset(result, 0, rounded) }
        return result
    }

    /// Moves on to a block with room for `needed` bytes: the next kept one, or a new one.
    private static func nextBlock(_ state: UnsafeMutablePointer<State>, minimum needed: Int) -> Bool {
        let next = state.pointee.current + 1
        var index = next
        while index < state.pointee.blocks.count && state.pointee.sizes[index] < needed { index += 1 }
        if index < state.pointee.blocks.count {
            // Blocks skipped over stay unused until the next reset; move the found one here.
            state.pointee.blocks.swapAt(next, index)
            state.pointee.sizes.swapAt(next, index)
        } else {
            let size = max(blockSize, needed)
            guard let block = malloc(size) else { return false }
            state.pointee.blocks.insert(block, at: next)
            state.pointee.sizes.insert(size, at: next)
        }
        state.pointee.current = next
        state.pointee.base = state.pointee.blocks[next]
        state.pointee.size = state.pointee.sizes[next]
        state.pointee.used = 0
        return true
    }

    /// Grows (or shrinks) an allocation: in place when it is the last one and there is room.
    private static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size, zeroed: false) }
        let state = state
        let old = (pointer - header).load(as: Int.self)
        let rounded = (max(size, 1) + 15) & ~15
        if rounded <= old { return pointer }
        if let base = state.pointee.base, pointer + old == base + state.pointee.used,
           state.pointee.used + (rounded - old) <= state.pointee.size {
            state.pointee.used += rounded - old
            (pointer - header).storeBytes(of: rounded, as: Int.self)
            return pointer
        }
        guard let moved = allocate(size, zeroed: false) else { return nil }
        moved.copyMemory(from: pointer, byteCount: old)
        return moved
    }
}
