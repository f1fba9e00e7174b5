import Foundation

/// Where a downloaded attachment goes: a safe file name in the chosen folder that never
/// replaces an existing file (`name (1).ext`, `name (2).ext`, …).
enum DownloadTarget {
    /// The folder to save into: `directory` if given, else `$XDG_DOWNLOAD_DIR` when it exists, else the current folder.
    static func folder(_ directory: String?, environment: [String: String]) -> String {
        if let directory, !directory.isEmpty { return (directory as NSString).expandingTildeInPath }
        if let xdg = environment["XDG_DOWNLOAD_DIR"], !xdg.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: xdg, isDirectory: &isDirectory), isDirectory.boolValue { return xdg }
        }
        return FileManager.default.currentDirectoryPath
    }

    /// The server's file name made safe for a local file: no folders, no control characters.
    static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 }.map(Character.init))
            .trimmingCharacters(in: .whitespaces)
        let stripped = String(cleaned.drop { $0 == "." })
        return stripped.isEmpty ? "attachment" : stripped
    }

    /// Creates a new empty file (mode 0600) for `name` in `folder` and returns its path; an
    /// existing file is never touched (the name gets ` (1)`, ` (2)`, … before its extension).
    static func reserve(name: String, in folder: String) throws -> String {
        let safe = safeName(name)
        let base = (safe as NSString).deletingPathExtension
        let ext = (safe as NSString).pathExtension
        for n in 0..<1000 {
            let candidate = n == 0 ? safe : "\(base) (\(n))" + (ext.isEmpty ? "" : ".\(ext)")
            let path = (folder as NSString).appendingPathComponent(candidate)
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            if fd >= 0 {
                close(fd)
                return path
            }
            if errno != EEXIST {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: folder])
    }
}
