import Foundation
import TerminalRuntime

extension Reducer {
    /// Pastes with more lines than this ask before landing in the composer.
    static let pasteConfirmLines = 20

    /// Holds a long paste and asks about it in the typing line.
    static func askToPaste(_ state: inout UIState, _ text: String) {
        state.pendingPaste = text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        state.hint = ("Paste \(lines) lines into the draft? y or Enter pastes, any other key cancels", .distantFuture)
    }

    /// The key after a long paste: y or Enter pastes it, anything else drops it. Nil when no
    /// paste is waiting.
    static func handlePendingPaste(_ state: inout UIState, _ key: Key, now: Date) -> [UIEffect]? {
        guard let text = state.pendingPaste else { return nil }
        state.pendingPaste = nil
        state.hint = nil
        switch key {
        case .enter, .text("y"), .text("Y"):
            state.composer.checkpoint()
            state.composer.insert(text.replacingOccurrences(of: "\t", with: "    "))
        default:
            state.hint = ("paste cancelled", now.addingTimeInterval(hintLifetime))
        }
        return []
    }
}
