import Foundation

/// Opens files that hold chat content: created with mode 0600, written at the end.
enum PrivateAppendFile {
    /// A handle positioned at the end of `path`, creating the file (mode 0600) if needed.
    static func open(_ path: String) throws -> FileHandle {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle.seekToEndOfFile()
        return handle
    }
}
