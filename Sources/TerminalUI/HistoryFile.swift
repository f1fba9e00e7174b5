import ChatUI
import Foundation

/// The composer's input history on disk, per profile:
/// `$XDG_STATE_HOME/helpline/history-PROFILE` (default `~/.local/state`), one JSON string a line,
/// mode 0600 in a 0700 folder.
enum HistoryFile {
    /// The history file for a profile (unsafe characters in the name become `_`).
    static func path(profile: String, environment: [String: String]) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        let safe = String(profile.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        return base + "/helpline/history-" + (safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe)
    }

    /// The entries stored at `path`, oldest first; empty when there is no file.
    static func load(from path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line in
            try? JSONDecoder().decode(String.self, from: Data(line.utf8))
        }
    }

    /// Writes the entries (mode 0600; the folder is made with 0700); returns false on failure.
    @discardableResult
    static func save(_ entries: [String], to path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // A folder that already existed keeps its mode: one others can enter is made private.
            var status = stat()
            if stat(folder, &status) == 0, status.st_mode & 0o077 != 0, chmod(folder, 0o700) != 0 { return false }
            let lines = try entries.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
            let data = Data((lines.joined(separator: "\n") + "\n").utf8)
            let temporary = path + ".tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
                return false
            }
            return rename(temporary, path) == 0
        } catch {
            return false
        }
    }
}
