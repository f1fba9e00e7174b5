import ChatModel
import Foundation

/// Tab completion of a form's field names after `/set `.
extension Reducer {
    /// Tab after `/set `: completes the field name of the newest open form; true when the draft was `/set`.
    static func completeFormField(_ state: inout UIState, now: Date) -> Bool {
        let text = state.composer.text
        guard text.lowercased().hasPrefix("/set ") else { return false }
        let partial = String(text.dropFirst(5))
        guard !partial.contains(" ") else { return true }
        let names = state.store.entries.last { !$0.isNotice && $0.item.isOpenForm }?.item.form?.fields.map(\.name) ?? []
        guard !names.isEmpty else {
            state.hint = ("no open form with fields to fill in", now.addingTimeInterval(hintLifetime))
            return true
        }
        let matches = names.filter { $0.lowercased().hasPrefix(partial.lowercased()) }
        if matches.count == 1, let only = matches.first {
            state.composer.setText("/set \(only) ")
        } else if matches.isEmpty {
            state.hint = ("the form's fields: " + names.joined(separator: "  "), now.addingTimeInterval(hintLifetime))
        } else {
            let common = SlashCommand.commonPrefix(matches)
            if common.count > partial.count { state.composer.setText("/set " + common) }
            state.hint = (matches.joined(separator: "  "), now.addingTimeInterval(hintLifetime))
        }
        return true
    }
}
