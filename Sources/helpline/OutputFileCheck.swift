import ArgumentParser
import Foundation

/// Checks, before anything runs, that an output file named on the command line can be written.
enum OutputFileCheck {
    /// Throws a one-line ``ValidationError`` when `path` (given with `option`) cannot be written: its
    /// folder is missing or read-only, or the path is a folder or a read-only file.
    static func validate(_ path: String, option: String) throws {
        guard !path.isEmpty else { throw ValidationError("\(option) needs a file name") }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw ValidationError("\(option) \(path) is a folder, not a file") }
            // Opened for appending and closed at once: nothing is changed, and what the kernel refuses
            // (a read-only file, /proc) is known now rather than after the run.
            let descriptor = open(path, O_WRONLY | O_APPEND)
            guard descriptor >= 0 else {
                throw ValidationError("\(option) \(path) cannot be written (\(String(cString: strerror(errno))))")
            }
            // An empty write reaches the file's driver: /proc refuses it here even for root.
            let probe = write(descriptor, "", 0)
            let reason = String(cString: strerror(errno))
            close(descriptor)
            if probe < 0 { throw ValidationError("\(option) \(path) cannot be written (\(reason))") }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("the folder for \(option) does not exist: \(directory)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw ValidationError("\(option) \(path) cannot be created (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        unlink(path)
    }
}
