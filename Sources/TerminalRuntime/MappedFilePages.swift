#if canImport(Glibc)
import Glibc
#endif

/// Lets go of the process's mappings of clean pages of mapped files — the code and read-only data of
/// the executable and its libraries — so that its resident size is what it uses from now on.
///
/// The kernel maps file pages 64 KiB at a time around each page touched, so starting up, a burst and
/// the code paths run once (argument parsing, the demo server's, Foundation's ICU data) leave tens
/// of MiB mapped that an idle chat never reads again: most of the full-screen client's resident size
/// after a burst. `madvise(MADV_DONTNEED)` drops the mappings only; the pages stay in the page cache
/// (shared with any other process using them), and whatever is run again maps back in with a minor
/// fault. Only mappings that cannot hold a page of their own are touched: private, not writable,
/// backed by a file, with no anonymous (copied-on-write) page — a relocated read-only segment, or
/// code a debugger patched, is left alone (``SmapsScanner``).
///
/// `/proc/self/smaps` is read a piece at a time through a buffer mapped for the call and unmapped
/// after it, and each mapping is let go of as soon as its lines are read: nothing the size of the
/// file is allocated, so the release leaves nothing behind in the calling thread's heap (a thread's
/// heap keeps its free top resident, and `malloc_trim` does not give it back).
package enum MappedFilePages {
    /// Bytes read at a time: many lines, and more than the longest (a path is at most 4 KiB).
    static let bufferBytes = 64 * 1_024

    /// Drops the mappings of clean file pages (see the type's summary); returns how many mappings
    /// were released.
    @discardableResult
    package static func release() -> Int {
        let fd = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        guard let buffer = mmap(nil, bufferBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            buffer != MAP_FAILED
        else { return 0 }
        defer { munmap(buffer, bufferBytes) }
        var released = 0
        let start = buffer.bindMemory(to: UInt8.self, capacity: bufferBytes)
        let bytes = UnsafeMutableBufferPointer(start: start, count: bufferBytes)
        scan(through: bytes) { space in
            while true {
                let count = read(fd, space.baseAddress, space.count)
                if count < 0, errno == EINTR { continue }
                return max(0, count)
            }
        } found: { start, end in
            guard let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            if madvise(pointer, Int(bitPattern: end - start), MADV_DONTNEED) == 0 { released += 1 }
        }
        return released
    }

    /// The address ranges of `/proc/PID/smaps` text that are private, not writable, file-backed
    /// mappings with no anonymous and no locked page, read through a buffer of `bufferBytes`.
    package static func cleanFileRanges(_ smaps: String, bufferBytes: Int = 4_096) -> [(start: UInt, end: UInt)] {
        var ranges: [(start: UInt, end: UInt)] = []
        var text = Array(smaps.utf8)[...]
        var buffer = [UInt8](repeating: 0, count: max(1, bufferBytes))
        buffer.withUnsafeMutableBufferPointer { bytes in
            scan(through: bytes) { space in
                let count = min(space.count, text.count)
                _ = space.initialize(from: text.prefix(count))
                text = text.dropFirst(count)
                return count
            } found: { ranges.append(($0, $1)) }
        }
        return ranges
    }

    /// Splits what `read` puts into `buffer` (it returns how many bytes it read; 0 at the end) into
    /// lines for a ``SmapsScanner``, and gives `found` each clean range. A line longer than the
    /// buffer is skipped, and the mapping it belongs to is not reported.
    static func scan(
        through buffer: UnsafeMutableBufferPointer<UInt8>,
        read: (UnsafeMutableBufferPointer<UInt8>) -> Int, found: (UInt, UInt) -> Void
    ) {
        guard let base = buffer.baseAddress else { return }
        var scanner = SmapsScanner()
        // Bytes of a line not ended yet, at the buffer's start; whether the line being read is too long.
        var kept = 0
        var skipping = false
        while true {
            let count = read(UnsafeMutableBufferPointer(rebasing: buffer[kept...]))
            guard count > 0, count <= buffer.count - kept else { break }
            let end = kept + count
            var lineStart = 0
            var index = kept
            while index < end {
                if buffer[index] == SmapsScanner.newline {
                    if skipping {
                        skipping = false
                    } else {
                        scanner.read(UnsafeBufferPointer(rebasing: buffer[lineStart..<index]), found: found)
                    }
                    lineStart = index + 1
                }
                index += 1
            }
            kept = end - lineStart
            if kept == buffer.count {
                // No line ends in a full buffer: drop what was read of it, and the mapping it is in.
                scanner.skipLine()
                skipping = true
                kept = 0
            } else if lineStart > 0, kept > 0 {
                base.update(from: base + lineStart, count: kept)
            }
        }
        if kept > 0, !skipping {
            scanner.read(UnsafeBufferPointer(rebasing: buffer[..<kept]), found: found)
        }
        scanner.finish(found: found)
    }
}
