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
///
/// The top pad goes to nothing: it is what each heap keeps of its free top when it does give the
/// top back (128 KiB by default), kept resident for the next burst by every thread that ever
/// allocated — an idle chat's memory for nothing. Growing a heap again costs one system call.
package enum HeapThresholds {
    /// Both thresholds, glibc's default for them (128 KiB).
    package static let bytes: Int32 = 128 * 1_024
    /// What a heap keeps of its free top when it gives the top back.
    package static let topPad: Int32 = 0

    /// Fixes the thresholds at ``bytes`` and the top pad at ``topPad``; true when glibc took all three.
    @discardableResult
    package static func pin() -> Bool { cnc_pin_malloc_thresholds(bytes, topPad) == 1 }
}
