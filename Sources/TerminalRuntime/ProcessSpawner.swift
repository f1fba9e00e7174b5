import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes with `posix_spawn`, with default signal dispositions (the UI ignores
/// SIGINT/SIGTERM/SIGHUP itself) and an empty signal mask.
package enum ProcessSpawner {
    /// The child being waited for, and a termination signal that arrived meanwhile.
    private static let current = Mutex<(pid: pid_t?, signal: Int32?)>((nil, nil))

    /// Runs `arguments` (the first is looked up in `PATH`) with the terminal as stdin/stdout and
    /// waits for it; returns its exit status, or nil when it could not be started.
    ///
    /// The UI's thread blocks here, so a SIGTERM or SIGHUP meanwhile is passed on to the child by
    /// ``forwardTermination(_:)`` (the editor ends, its file is read back), then handled.
    static func run(_ arguments: [String]) -> Int32? {
        current.withLock { $0.signal = nil }
        guard let pid = spawn(arguments) else { return nil }
        current.withLock { $0.pid = pid }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        current.withLock { $0.pid = nil }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Called when SIGTERM or SIGHUP arrives (on any thread): a running child gets the signal too,
    /// and it is remembered for ``signalDuringRun()``.
    static func forwardTermination(_ signal: Int32) {
        current.withLock { state in
            guard let pid = state.pid else { return }
            state.signal = signal
            kill(pid, signal)
        }
    }

    /// The termination signal that arrived during the last ``run(_:)``, if any.
    package static func signalDuringRun() -> Int32? { current.withLock { $0.signal } }

    /// True when `program` is an executable file in `PATH`.
    static func isInPath(_ program: String, environment: [String: String]) -> Bool {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    private static func spawn(_ arguments: [String]) -> pid_t? {
        guard !arguments.isEmpty else { return nil }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGPIPE] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, environ)
        return result == 0 ? pid : nil
    }
}
