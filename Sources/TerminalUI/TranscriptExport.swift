import ChatModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes the transcript as Markdown: a title, then one line per item, `HH:MM:SS name: text`.
enum TranscriptExport {
    /// The Markdown text for a transcript (local notices are left out; newlines inside a
    /// message become `<br>` so each item stays on one line).
    static func markdown(_ store: TranscriptStore, formatter: TranscriptFormatter) -> String {
        var out = "# Helpline transcript\n\n"
        for entry in store.entries where !entry.isNotice {
            let item = entry.item
            let name = item.isOwn ? "You" : item.sender.displayName
            let text = item.text
                .replacingOccurrences(of: "\r\n", with: "\n")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { DisplayText.oneLine(String($0)) }
                .joined(separator: "<br>")
            out += "\(formatter.clockWithSeconds(item.time)) \(name): \(text)  \n"
        }
        return out
    }

    /// Writes `contents` to `path` (a leading `~` is expanded) with mode 0600; returns a notice.
    static func write(_ contents: String, to path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let fd = open(expanded, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else {
            return "Could not write \(path): \(String(cString: strerror(errno)))"
        }
        defer { close(fd) }
        _ = fchmod(fd, 0o600)
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 {
                return "Could not write \(path): \(String(cString: strerror(errno)))"
            }
            written += n
        }
        return "Transcript saved to \(expanded)."
    }
}
