import ChatModel
import Foundation
import SessionCore

/// Where a downloaded attachment goes: a safe file name in the chosen folder that never
/// replaces an existing file (`name (1).ext`, `name (2).ext`, …).
enum DownloadTarget {
    /// The folder to save into: `directory` if given, else the download folder when it exists
    /// (`$XDG_DOWNLOAD_DIR`, else `XDG_DOWNLOAD_DIR` in `${XDG_CONFIG_HOME:-~/.config}/user-dirs.dirs`),
    /// else the current folder.
    static func folder(_ directory: String?, environment: [String: String]) -> String {
        if let directory, !directory.isEmpty { return (directory as NSString).expandingTildeInPath }
        for candidate in [environment["XDG_DOWNLOAD_DIR"], userDirsDownloadFolder(environment: environment)] {
            guard let folder = candidate, !folder.isEmpty else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue {
                return folder
            }
        }
        return FileManager.default.currentDirectoryPath
    }

    /// `XDG_DOWNLOAD_DIR` as `xdg-user-dirs` writes it in `user-dirs.dirs` (`XDG_DOWNLOAD_DIR="$HOME/Downloads"`),
    /// with `$HOME` expanded; nil when the file or the line is missing, or it names the home folder itself
    /// (which is how the file says "no download folder").
    static func userDirsDownloadFolder(environment: [String: String]) -> String? {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        guard let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_DOWNLOAD_DIR=") else { continue }
            var value = String(trimmed.dropFirst("XDG_DOWNLOAD_DIR=".count))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            for variable in ["${HOME}", "$HOME"] where value.hasPrefix(variable) {
                value = home + value.dropFirst(variable.count)
            }
            guard value.hasPrefix("/") else { return nil }
            let normalized = (value as NSString).standardizingPath
            return normalized == (home as NSString).standardizingPath ? nil : normalized
        }
        return nil
    }

    /// The server's file name made safe for a local file: no folders, no escape sequences (removed
    /// whole, so the file is saved under the name the transcript shows), no control characters and no
    /// bidi controls (which could show `txt.exe` as `exe.txt`).
    static func safeName(_ name: String) -> String {
        let shown = TerminalSafeText.oneLine(name)
        let last = shown.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = last.trimmingCharacters(in: .whitespaces)
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
