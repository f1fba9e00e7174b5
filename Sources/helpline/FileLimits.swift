import Foundation

/// The process's open-file limit, raised for runs that hold many sockets at once.
enum FileLimits {
    /// Raises the soft limit on open files toward the hard limit when `connections` chats (a socket
    /// and an HTTP connection each, plus slack) would not fit; says so on stderr when even the hard
    /// limit is too low and `warn` (the user asked for that many).
    static func raiseForConnections(_ connections: Int, warn: Bool) {
        let needed = rlim_t(connections * 2 + 256)
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0, limit.rlim_cur < needed else { return }
        let wanted = min(needed, limit.rlim_max)
        var raised = limit
        raised.rlim_cur = wanted
        _ = setrlimit(RLIMIT_NOFILE_VALUE, &raised)
        if wanted < needed, warn {
            FileHandle.standardError.write(Data(
                "helpline: the open-file limit (\(limit.rlim_max)) is low for \(connections) chats at once; raise it with ulimit -n \(needed)\n".utf8))
        }
    }

    #if canImport(Glibc)
    private static let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let RLIMIT_NOFILE_VALUE = RLIMIT_NOFILE
    #endif
}
