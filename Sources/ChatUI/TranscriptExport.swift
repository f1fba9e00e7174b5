import ChatModel
import Foundation

/// The transcript as Markdown (for `/export`): a title, then one line per item, `HH:MM:SS name: text`.
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
                .map { TerminalSafeText.oneLine(String($0)) }
                .joined(separator: "<br>")
            out += "\(formatter.clockWithSeconds(item.time)) \(name): \(text)  \n"
        }
        return out
    }
}
