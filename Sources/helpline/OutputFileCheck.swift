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
            guard access(path, W_OK) == 0 else { throw ValidationError("\(option) \(path) cannot be written (permission denied)") }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("the folder for \(option) does not exist: \(directory)")
        }
        guard access(directory, W_OK) == 0 else { throw ValidationError("the folder for \(option) cannot be written: \(directory)") }
    }
}
