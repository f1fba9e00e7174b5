import CNcursesw

/// Keeps glibc's allocator at its documented thresholds for the life of the process, so that memory
/// freed after a burst goes back to the system.
///
/// glibc raises two thresholds each time a block it had mapped on its own (128 KiB or more) is
/// freed: blocks below the new size come from the heap from then on, and a thread's heap gives back
/// its free top only above twice that size. One read of `/proc/self/smaps` (``MappedFilePages``)
/// or a long backfill's buffer raised them to 0.4 and 0.85 MB, after which each thread's heap kept
/// half a megabyte of a burst's garbage resident for good: `malloc_trim` gives back free pages
/// inside a thread's heap but never its top. Set explicitly, the thresholds no longer move.
package enum HeapThresholds {
    /// Both thresholds, glibc's default for them (128 KiB).
    package static let bytes: Int32 = 128 * 1_024

    /// Fixes the thresholds at ``bytes``; true when glibc took both.
    @discardableResult
    package static func pin() -> Bool { cnc_pin_malloc_thresholds(bytes) == 1 }
}
