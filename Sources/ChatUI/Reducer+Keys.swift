import ChatModel
import Foundation
import TerminalRuntime

extension Reducer {
    /// Applies one key to the composer, the scrollback or the app.
    static func handleKey(_ state: inout UIState, _ key: Key, now: Date) -> [UIEffect] {
        if state.helpOffset != nil { return helpKey(&state, key) }
        if let effects = authenticationPanelKey(&state, key, now: now) { return effects }
        if let effects = handleTranscriptSearchKey(&state, key, now: now) { return effects }
        if let effects = handleSearchKey(&state, key) { return effects }
        if let effects = handlePendingPaste(&state, key, now: now) { return effects }
        if let effects = handlePickerKey(&state, key, now: now) { return effects }
        if key != .ctrl("y") && key != .alt("y") { state.composer.endYank() }
        if state.pendingCtrlX {
            state.pendingCtrlX = false
            if key == .ctrl("e") { return [.editDraft(state.composer.text)] }
        }
        if case .text = key {
            state.composer.checkpoint(typing: true)
        } else {
            state.composer.breakTypingRun()
            if Self.editsDraft(key) { state.composer.checkpoint() }
        }
        switch key {
        case .text("?") where state.composer.isEmpty:
            state.helpOffset = 0
            return []
        case .text(let text):
            state.composer.insert(text)
            return typingEffect(state)
        case .click(let row, _):
            return click(&state, row: row, now: now)
        case .paste(let text):
            if text.split(separator: "\n", omittingEmptySubsequences: false).count > pasteConfirmLines {
                askToPaste(&state, text)
                return []
            }
            state.composer.insert(text.replacingOccurrences(of: "\t", with: "    "))
            return typingEffect(state)
        default:
            guard let action = KeyTable.action(for: key) else { return [] }
            return perform(&state, action, now: now)
        }
    }

    /// Does what a key of the table is bound to.
    static func perform(_ state: inout UIState, _ action: KeyAction, now: Date) -> [UIEffect] {
        switch action {
        case .quit:
            return [.exit(quitResult(state))]
        case .deleteForwardOrQuit:
            if state.composer.isEmpty { return [.exit(quitResult(state))] }
            state.composer.deleteForward()
        case .submit:
            return submit(&state, now: now)
        case .newLine:
            state.composer.insert("\n")
        case .complete:
            if state.composer.isEmpty, state.store.latestOpenPicker != nil {
                focusPicker(&state, now: now)
            } else {
                return complete(&state, now: now)
            }
        case .focusPicker:
            focusPicker(&state, now: now)
        case .deleteBackward:
            state.composer.deleteBackward()
        case .deleteForward:
            state.composer.deleteForward()
        case .left:
            state.composer.moveLeft()
        case .right:
            state.composer.moveRight()
        case .lineStart:
            state.composer.moveToLineStart()
        case .lineEnd:
            state.composer.moveToLineEnd()
        case .homeOrTop:
            if state.composer.isEmpty { return scroll(&state, by: -Int(Int32.max), now: now) }
            state.composer.moveToLineStart()
        case .endOrBottom:
            if state.composer.isEmpty { scrollToBottom(&state) } else { state.composer.moveToLineEnd() }
        case .wordLeft:
            state.composer.moveWordLeft()
        case .wordRight:
            state.composer.moveWordRight()
        case .killToLineEnd:
            state.composer.killToLineEnd()
        case .killToLineStart:
            state.composer.killToLineStart()
        case .killWordBackward:
            state.composer.killWordBackward()
        case .killWordForward:
            state.composer.killWordForward()
        case .yank:
            state.composer.yank()
        case .yankPop:
            state.composer.yankPop()
        case .undo:
            state.composer.undo()
        case .redo:
            state.composer.redo()
        case .up:
            moveVertically(&state, by: -1)
        case .down:
            moveVertically(&state, by: 1)
        case .pageUp:
            return scroll(&state, by: -pageSize(state), now: now)
        case .pageDown:
            return scroll(&state, by: pageSize(state), now: now)
        case .top:
            return scroll(&state, by: -Int(Int32.max), now: now)
        case .bottom:
            scrollToBottom(&state)
        case .wheelUp:
            return scroll(&state, by: -wheelStep, now: now)
        case .wheelDown:
            return scroll(&state, by: wheelStep, now: now)
        case .repaint:
            return [.repaint]
        case .historySearch:
            startSearch(&state)
        case .transcriptSearch:
            return startTranscriptSearch(&state, query: "", now: now)
        case .editorPrefix:
            state.pendingCtrlX = true
        case .suspend:
            return [.suspend]
        case .copyMode:
            return [.bareView]
        case .help:
            state.helpOffset = 0
        case .diagnostics:
            state.diagnosticsOpen.toggle()
            return [.send(.watchDiagnostics(state.diagnosticsOpen))]
        }
        return []
    }

    /// A click in the transcript: on an option of the newest open picker it picks that option;
    /// on a failed message of ours it sends that message again.
    private static func click(_ state: inout UIState, row: Int, now: Date) -> [UIEffect] {
        let g = state.geometry
        state.prepareView()
        guard let hit = state.view.hit(
            atLine: row - g.transcript.top, state.scroll, store: state.store, width: g.columns, height: g.transcript.height)
        else { return [] }
        if let option = clickedOption(state, entryIndex: hit.entry, line: hit.line) {
            leavePicker(&state)
            return [.send(.pick(index: option))]
        }
        let item = state.store.entries[hit.entry].item
        guard item.canRetry else { return [] }
        return [.send(.retry(localId: item.localId ?? item.id))]
    }

    /// A key while the help overlay is open: Down/PgDn/Space and Up/PgUp scroll, anything else closes.
    private static func helpKey(_ state: inout UIState, _ key: Key) -> [UIEffect] {
        let offset = state.helpOffset ?? 0
        let page = pageSize(state)
        let last = max(0, KeyTable.helpLines().count - page)
        switch key {
        case .down, .wheelDown: state.helpOffset = min(last, offset + 1)
        case .up, .wheelUp: state.helpOffset = max(0, offset - 1)
        case .pageDown, .text(" "): state.helpOffset = min(last, offset + page)
        case .pageUp: state.helpOffset = max(0, offset - page)
        case .resize, .focusIn, .focusOut: break
        default: state.helpOffset = nil
        }
        return []
    }

    /// Keys that change the draft (an undo step is taken before them).
    private static func editsDraft(_ key: Key) -> Bool {
        switch key {
        case .paste, .altEnter, .backspace, .delete, .altBackspace, .alt("d"), .tab,
            .ctrl("d"), .ctrl("h"), .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y"), .alt("y"):
            true
        default:
            false
        }
    }

    /// Said when Enter is pressed after the chat ended (the text is kept).
    static let notSentAfterEnd = "The chat has ended, so this was not sent (it is still in the composer); /new starts a new chat."

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
        if state.chatIsOver {
            // Nothing can be sent any more: the draft stays in the composer, to copy or to send after /new.
            addNotice(&state, Self.notSentAfterEnd, now: now)
            scrollToBottom(&state)
            return []
        }
        state.composer.remember(text)
        state.composer.clear()
        scrollToBottom(&state)
        state.unreadKey = nil
        return [.send(.send(message))]
    }

    /// Tab: completes a command's path (once its folder is listed), a form field or a slash command name.
    private static func complete(_ state: inout UIState, now: Date) -> [UIEffect] {
        let text = state.composer.text
        if let effects = completeCommandPath(&state, listing: nil, now: now) { return effects }
        if completeFormField(&state, now: now) { return [] }
        guard text.hasPrefix("/"), !text.contains(" ") else { return [] }
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
        return []
    }
}
