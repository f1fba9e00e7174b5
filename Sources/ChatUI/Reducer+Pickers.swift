import ChatModel
import Foundation
import MarkdownANSI
import TerminalRuntime

/// Picking an option of the newest picker from the keyboard and with the mouse.
///
/// On an empty draft a digit picks that option at once while the picker is the last message
/// (not a form's action: a form is also answered by typing, and an answer may start with a digit). Tab (empty draft) or Alt-P focuses the
/// picker: Up/Down move a highlight, Enter picks, Esc or Tab leaves; any other key leaves and
/// goes to the composer as usual. Up on an empty draft stays input history.
extension Reducer {
    /// Handles a key that belongs to picking; nil when the key is not about picking.
    static func handlePickerKey(_ state: inout UIState, _ key: Key, now: Date) -> [UIEffect]? {
        guard let focused = state.pickerFocus else {
            guard case .text(let text) = key, state.composer.isEmpty, let n = Int(text), text.count == 1,
                let picker = state.store.latestOpenPicker, picker.item.form == nil, isLastWord(picker, in: state.store),
                let count = picker.item.choices?.count, (1...count).contains(n)
            else { return nil }
            return pick(&state, n)
        }
        guard let picker = state.store.latestOpenPicker, let count = picker.item.choices?.count, count > 0 else {
            leavePicker(&state)
            return nil
        }
        switch key {
        case .up, .left, .backTab:
            setPickerFocus(&state, max(1, focused - 1))
            return []
        case .down, .right:
            setPickerFocus(&state, min(count, focused + 1))
            return []
        case .enter:
            return pick(&state, min(focused, count))
        case .escape, .tab:
            leavePicker(&state)
            return []
        case .text(let text) where text.count == 1 && Int(text).map { (1...count).contains($0) } == true:
            return pick(&state, Int(text) ?? focused)
        case .resize, .focusIn, .focusOut, .wheelUp, .wheelDown:
            return nil
        default:
            leavePicker(&state)
            return nil
        }
    }

    /// True when no message came after the picker: only then is a lone digit taken as its answer
    /// (an older question stays answerable with Tab, Alt-P, a click or `/pick`).
    static func isLastWord(_ picker: TranscriptEntry, in store: TranscriptStore) -> Bool {
        guard let index = store.position(ofKey: picker.key) else { return false }
        return store.entries[(index + 1)...].allSatisfy { entry in
            if entry.isNotice { return true }
            if case .event = entry.item.kind { return true }
            return false
        }
    }

    /// Focuses the newest open picker (Tab on an empty draft, Alt-P); false when there is none.
    @discardableResult
    static func focusPicker(_ state: inout UIState, now: Date) -> Bool {
        guard state.store.latestOpenPicker != nil else {
            state.hint = ("no open question to answer", now.addingTimeInterval(hintLifetime))
            return false
        }
        scrollToBottom(&state)
        setPickerFocus(&state, 1)
        return true
    }

    /// A click on an option line of the newest open picker picks that option.
    static func clickedOption(_ state: UIState, entryIndex: Int, line: StyledLine) -> Int? {
        let entry = state.store.entries[entryIndex]
        guard entry.key == state.store.latestOpenPicker?.key, let count = entry.item.choices?.count,
            let n = TranscriptFormatter.optionNumber(of: line), (1...count).contains(n)
        else { return nil }
        return n
    }

    private static func setPickerFocus(_ state: inout UIState, _ choice: Int) {
        state.pickerFocus = choice
        state.store.highlight(choice: choice, key: state.store.latestOpenPicker?.key)
        state.hint = ("option \(choice): ↑/↓ choose, Enter picks, Esc returns to the draft", .distantFuture)
    }

    /// Leaves picker focus and removes the highlight.
    static func leavePicker(_ state: inout UIState) {
        guard state.pickerFocus != nil else { return }
        state.pickerFocus = nil
        state.store.highlight(choice: nil, key: nil)
        state.hint = nil
    }

    private static func pick(_ state: inout UIState, _ n: Int) -> [UIEffect] {
        leavePicker(&state)
        scrollToBottom(&state)
        return [.send(.pick(index: n))]
    }
}
