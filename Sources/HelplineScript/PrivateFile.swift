import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes whole files that only their owner may read (mode 0600), all at once: the text goes to a
/// temporary file next to the target, which then replaces it, so a reader never sees half a file.
public enum PrivateFile {
    /// A file that could not be written, with the reason.
    public struct WriteError: Error, CustomStringConvertible {
        /// The path and why, as one line.
        public let description: String
    }

    /// Writes `text` to `path` (replacing what is there) with mode 0600.
    public static func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(description: "cannot write \(path): \(reason())") }
        var failure: String?
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = reason()
                break
            }
            offset += written
        }
        if failure == nil, fsync(descriptor) != 0 { failure = reason() }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = reason() }
        if let failure {
            unlink(temporary)
            throw WriteError(description: "cannot write \(path): \(failure)")
        }
    }

    /// Why `path` may not be used as an output file, checked before anything runs; `nil` when it may.
    /// Refused: an empty name, a folder, a missing folder, an existing file unless `force` (`--record`
    /// and `--golden` never overwrite without it; reports pass `true`), and whatever the kernel will
    /// not let us write. The last is found by trying: an existing file is opened for appending and
    /// given an empty write (which reaches its driver: `/proc` refuses it even for root, whom
    /// `access()` lets through), a new one is created and removed again.
    public static func problem(creating path: String, force: Bool) -> String? {
        guard !path.isEmpty else { return "the file name is empty" }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { return "\(path) is a folder" }
            if !force { return "\(path) already exists; use --force to replace it" }
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { return "\(path) cannot be written (\(reason()))" }
            let probe = Glibc.write(descriptor, "", 0)
            let why = reason()
            close(descriptor)
            return probe < 0 ? "\(path) cannot be written (\(why))" : nil
        }
        var info = stat()
        if lstat(path, &info) == 0, !force { return "\(path) already exists (a dangling link); use --force to replace it" }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                return "the folder \(folder) does not exist"
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "\(path) cannot be created (\(reason()))" }
        close(descriptor)
        unlink(path)
        return nil
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
