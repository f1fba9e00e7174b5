import ChatModel
import Foundation

extension Reducer {
    /// Applies one key to the composer, the scrollback or the app.
    static func handleKey(_ state: inout UIState, _ key: Key, now: Date) -> [UIEffect] {
        if let effects = handleSearchKey(&state, key) { return effects }
        if case .text = key {
            state.composer.checkpoint(typing: true)
        } else {
            state.composer.breakTypingRun()
            if Self.editsDraft(key) { state.composer.checkpoint() }
        }
        switch key {
        case .ctrl("c"):
            return [.exit(quitResult(state))]
        case .ctrl("d"):
            if state.composer.isEmpty { return [.exit(quitResult(state))] }
            state.composer.deleteForward()
        case .enter:
            return submit(&state, now: now)
        case .altEnter:
            state.composer.insert("\n")
        case .text(let text):
            state.composer.insert(text)
            return typingEffect(state)
        case .paste(let text):
            state.composer.insert(text.replacingOccurrences(of: "\t", with: "    "))
            return typingEffect(state)
        case .tab:
            complete(&state, now: now)
        case .backspace, .ctrl("h"):
            state.composer.deleteBackward()
        case .delete:
            state.composer.deleteForward()
        case .left, .ctrl("b"):
            state.composer.moveLeft()
        case .right, .ctrl("f"):
            state.composer.moveRight()
        case .ctrl("a"):
            state.composer.moveToLineStart()
        case .ctrl("e"):
            state.composer.moveToLineEnd()
        case .home:
            if state.composer.isEmpty { return scroll(&state, by: -Int(Int32.max), now: now) }
            state.composer.moveToLineStart()
        case .end:
            if state.composer.isEmpty { scrollToBottom(&state) } else { state.composer.moveToLineEnd() }
        case .ctrlLeft, .alt("b"):
            state.composer.moveWordLeft()
        case .ctrlRight, .alt("f"):
            state.composer.moveWordRight()
        case .ctrl("k"):
            state.composer.killToLineEnd()
        case .ctrl("u"):
            state.composer.killToLineStart()
        case .ctrl("w"), .altBackspace:
            state.composer.killWordBackward()
        case .alt("d"):
            state.composer.killWordForward()
        case .ctrl("y"):
            state.composer.yank()
        case .up, .ctrl("p"):
            moveVertically(&state, by: -1)
        case .down, .ctrl("n"):
            moveVertically(&state, by: 1)
        case .pageUp:
            return scroll(&state, by: -pageSize(state), now: now)
        case .pageDown:
            return scroll(&state, by: pageSize(state), now: now)
        case .ctrlHome:
            return scroll(&state, by: -Int(Int32.max), now: now)
        case .ctrlEnd, .escape:
            scrollToBottom(&state)
        case .wheelUp:
            return scroll(&state, by: -wheelStep, now: now)
        case .wheelDown:
            return scroll(&state, by: wheelStep, now: now)
        case .ctrl("l"):
            return [.repaint]
        case .ctrl("_"):
            state.composer.undo()
        case .ctrl("r"):
            startSearch(&state)
        case .ctrl("z"):
            return [.suspend]
        case .function(2), .function(6), .alt("l"):
            return [.bareView]
        case .resize, .function, .backTab, .alt, .ctrl, .focusIn, .focusOut:
            break
        }
        return []
    }

    /// Keys that change the draft (an undo step is taken before them).
    private static func editsDraft(_ key: Key) -> Bool {
        switch key {
        case .paste, .altEnter, .backspace, .delete, .altBackspace, .alt("d"), .tab,
            .ctrl("d"), .ctrl("h"), .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y"):
            true
        default:
            false
        }
    }

    /// What leaving means now: `.ended` after the chat is over, `.quit` otherwise.
    static func quitResult(_ state: UIState) -> TerminalExit {
        state.chatIsOver ? .ended : .quit
    }

    /// A typing notice for the engine, except while a slash command is being typed.
    private static func typingEffect(_ state: UIState) -> [UIEffect] {
        if state.composer.text.hasPrefix("/") || state.chatIsOver { return [] }
        return [.send(.typing)]
    }

    /// Up/Down: move between rows of a multi-line draft, else browse history.
    private static func moveVertically(_ state: inout UIState, by delta: Int) {
        let layout = ComposerLayout(state.composer, width: state.geometry.composerTextWidth)
        let target = layout.cursorRow + delta
        if target >= 0 && target < layout.rows.count {
            state.composer.moveTo(layout.index(row: target, column: layout.cursorColumn))
        } else if delta < 0 {
            state.composer.historyPrevious()
        } else {
            state.composer.historyNext()
        }
    }

    /// Enter: send the draft, or run it as a slash command.
    private static func submit(_ state: inout UIState, now: Date) -> [UIEffect] {
        let text = state.composer.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        if text.hasPrefix("/") && !text.hasPrefix("//") {
            return runCommand(&state, text, now: now)
        }
        let message = text.hasPrefix("//") ? String(text.dropFirst()) : text
        state.composer.remember(text)
        state.composer.clear()
        scrollToBottom(&state)
        if state.unreadKey != nil {
            state.unreadKey = nil
            state.transcriptVersion += 1
        }
        return [.send(.send(message))]
    }

    /// Tab: completes a slash command name.
    private static func complete(_ state: inout UIState, now: Date) {
        let text = state.composer.text
        guard text.hasPrefix("/"), !text.contains(" ") else { return }
        let matches = SlashCommand.completions(for: text)
        if matches.count == 1, let only = matches.first {
            state.composer.setText(only.name + (only.takesArgument ? " " : ""))
        } else if !matches.isEmpty {
            let common = SlashCommand.commonPrefix(matches.map(\.name))
            if common.count > text.count { state.composer.setText(common) }
            state.hint = (matches.map(\.name).joined(separator: "  "), now.addingTimeInterval(hintLifetime))
        } else {
            state.hint = ("no command starts with \(text) — /help lists them", now.addingTimeInterval(hintLifetime))
        }
    }
}
