import ChatModel
import Foundation
import Synchronization

/// A file that holds chat content, written only at its end: created with mode 0600 (an existing
/// regular file is tightened to 0600), opened with `O_APPEND` so pipes, FIFOs and `/dev/stdout`
/// work as well as files, and never sought.
///
/// Writes happen on a serial queue of their own; a write that fails (a full disk, a closed pipe)
/// is reported once through `problem` and later writes are skipped, so the chat goes on.
/// ``drain()`` returns when everything written so far is on its way to disk (synced for files).
public final class AppendOnlyFile: Sendable {
    private let descriptor: Int32
    private let path: String
    private let isRegular: Bool
    private let queue: DispatchQueue
    private let failed = Mutex(false)
    private let problem: @Sendable (String) -> Void
    private let synchronous: Bool

    /// Opens `path` for appending, creating it with mode 0600; throws a message naming the file and the
    /// reason when it cannot be opened or written. `synchronous` writes return when the bytes are
    /// written (logs and traces, whose last lines matter most when the process ends abruptly).
    public init(path: String, synchronous: Bool = false, problem: @escaping @Sendable (String) -> Void) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileProblem("cannot open \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw FileProblem("cannot open \(path): \(reason)")
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            close(fd)
            throw FileProblem("cannot write to \(path): it is a folder")
        }
        isRegular = kind == S_IFREG
        // An empty write reaches the file's driver: `/proc/version` refuses it (EIO) here, before the
        // chat starts. A full disk (ENOSPC, `/dev/full`) is not refused: it is told once when it bites.
        var nothing: UInt8 = 0
        if write(fd, &nothing, 0) < 0, ![ENOSPC, EDQUOT, EAGAIN, EINTR].contains(errno) {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw FileProblem("cannot write to \(path): \(reason)")
        }
        if isRegular, status.st_mode & 0o077 != 0 {
            // Chat content is private: a file that others could read is tightened.
            guard fchmod(fd, 0o600) == 0 else {
                close(fd)
                throw FileProblem("\(path) can be read by others and its mode cannot be changed to 0600")
            }
        }
        self.descriptor = fd
        self.path = path
        self.problem = problem
        self.synchronous = synchronous
        self.queue = DispatchQueue(label: "helpline.append-file")
    }

    /// Appends `data` (in order with every earlier write).
    public func append(_ data: Data) {
        let work: @Sendable () -> Void = { [self] in
            guard !failed.withLock({ $0 }) else { return }
            if let error = writeAll(data) {
                failed.withLock { $0 = true }
                problem("Could not write to \(path): \(error); it is no longer written.")
            }
        }
        if synchronous { queue.sync(execute: work) } else { queue.async(execute: work) }
    }

    /// Waits until every write so far is done and, for a regular file, synced to disk.
    public func drain() {
        queue.sync {
            if isRegular, !failed.withLock({ $0 }) { _ = fsync(descriptor) }
        }
    }

    deinit {
        close(descriptor)
    }

    private func writeAll(_ data: Data) -> String? {
        let error = DescriptorWriter.write(data, to: descriptor)
        return error == 0 ? nil : String(cString: strerror(error))
    }
}

/// Why a file cannot be used, in a sentence naming it.
public struct FileProblem: Error, CustomStringConvertible, Sendable {
    /// The sentence.
    public var description: String

    /// Creates a problem.
    public init(_ description: String) { self.description = description }
}
