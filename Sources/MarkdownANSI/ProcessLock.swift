#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex for state shared by every thread of the process.
final class ProcessLock: @unchecked Sendable {
    /// The lock around cmark-gfm parsing.
    ///
    /// cmark-gfm keeps the inline "special characters" table in a C global and rewrites it on every
    /// parse (extensions add `~`, `:`, `w`, … and remove them when the parse ends), so two parses
    /// running on different threads corrupt each other (strikethrough and autolinks go missing).
    static let parser = ProcessLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex.
    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
