import Foundation

/// Tab completion of file paths for `/attach PATH` and `/download N DIR`, and how such a path is
/// written: completion escapes spaces and quotes with a backslash (`my\ file.pdf`); the commands take
/// that, a quoted path (`"my file.pdf"`, `'my file.pdf'`) or the bare rest of the line.
package enum PathCompletion {
    /// The path a command argument names: quotes around it removed, else backslash escapes undone.
    package static func unquote(_ argument: String) -> String {
        let text = argument
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        guard text.contains("\\") else { return text }
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// A path written so that ``unquote(_:)`` gives it back: spaces, quotes and backslashes escaped.
    static func escape(_ path: String) -> String {
        var out = ""
        for character in path {
            if character == " " || character == "\t" || character == "\"" || character == "'" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// The names in a folder, folders marked with a trailing `/`; nil when it cannot be read.
    /// (The program runs it for ``UIEffect/listFolder(_:)``; the reducer reads no folder itself.)
    @Sendable package static func listFolder(_ path: String) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.map { name in
            var isDirectory: ObjCBool = false
            let full = (path as NSString).appendingPathComponent(name)
            let exists = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            return exists && isDirectory.boolValue ? name + "/" : name
        }
    }

    /// The folder whose names complete `partial` (`.` for a bare name, `~` expanded).
    static func folder(of partial: String) -> String {
        let folderPart = partial.lastIndex(of: "/").map { String(partial[...$0]) } ?? ""
        return folderPart.isEmpty ? "." : folderPart.hasPrefix("~") ? (folderPart as NSString).expandingTildeInPath : folderPart
    }

    /// Completes a partly typed path as far as it is unambiguous, from the `names` in its
    /// ``folder(of:)``; also returns the candidates (names only) when there is more than one.
    /// Hidden files are offered only after a `.`.
    static func complete(
        _ partial: String, foldersOnly: Bool = false, names listed: [String]
    ) -> (text: String, candidates: [String]) {
        let slash = partial.lastIndex(of: "/")
        let folderPart = slash.map { String(partial[...$0]) } ?? ""
        let prefix = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        let names = listed
            .filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }
            .filter { !foldersOnly || $0.hasSuffix("/") }
            .sorted()
        guard let first = names.first else { return (partial, []) }
        if names.count == 1 { return (folderPart + first, []) }
        var common = first
        for name in names.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        return (folderPart + (common.count > prefix.count ? common : prefix), names)
    }
}
