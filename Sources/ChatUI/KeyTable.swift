import TerminalRuntime

/// What a bound key does; ``Reducer`` performs it.
enum KeyAction: Hashable, Sendable {
    case quit, deleteForwardOrQuit, submit, newLine, complete
    case deleteBackward, deleteForward, left, right, lineStart, lineEnd, homeOrTop, endOrBottom
    case wordLeft, wordRight, killToLineEnd, killToLineStart, killWordBackward, killWordForward
    case yank, yankPop, undo, redo, up, down
    case pageUp, pageDown, top, bottom, wheelUp, wheelDown
    case repaint, historySearch, transcriptSearch, editorPrefix, suspend, copyMode, help, diagnostics
    case focusPicker
}

/// One row of the key table: the keys, how they are written in help, the action, its summary.
struct KeyBinding: Sendable {
    /// The keys that trigger the action.
    var keys: [Key]
    /// The keys as the help overlay writes them.
    var label: String
    /// What they do.
    var action: KeyAction
    /// One line of help.
    var summary: String
}

/// The one table that binds keys to actions; the help overlay and `/help` are generated from it.
enum KeyTable {
    /// Every binding, in the order help lists them.
    static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.enter], label: "Enter", action: .submit, summary: "send (or run a /command)"),
        KeyBinding(keys: [.altEnter], label: "Alt-Enter", action: .newLine, summary: "new line in the draft"),
        KeyBinding(keys: [.up, .ctrl("p")], label: "Up, Ctrl-P", action: .up, summary: "previous draft row, or older input history"),
        KeyBinding(keys: [.down, .ctrl("n")], label: "Down, Ctrl-N", action: .down, summary: "next draft row, or newer input history"),
        KeyBinding(keys: [.ctrl("r")], label: "Ctrl-R", action: .historySearch, summary: "search the input history"),
        KeyBinding(keys: [.ctrl("s")], label: "Ctrl-S", action: .transcriptSearch,
                   summary: "search the transcript (Ctrl-R/Ctrl-S older/newer, Alt-R regex, Alt-C case, Enter stay, Esc back)"),
        KeyBinding(keys: [.tab], label: "Tab", action: .complete,
                   summary: "complete a /command, a path or a /set field (empty draft: answer the newest question)"),
        KeyBinding(keys: [.alt("p")], label: "Alt-P", action: .focusPicker,
                   summary: "answer the newest question: Up/Down choose, Enter picks, Esc back"),
        KeyBinding(keys: [], label: "1–9 (empty draft)", action: .focusPicker,
                   summary: "pick that option of the newest question at once (not a form's action)"),
        KeyBinding(keys: [.ctrl("a")], label: "Ctrl-A", action: .lineStart, summary: "start of the line"),
        KeyBinding(keys: [.ctrl("e")], label: "Ctrl-E", action: .lineEnd, summary: "end of the line"),
        KeyBinding(keys: [.home], label: "Home", action: .homeOrTop, summary: "start of the line (empty draft: top of the transcript)"),
        KeyBinding(keys: [.end], label: "End", action: .endOrBottom, summary: "end of the line (empty draft: newest message)"),
        KeyBinding(keys: [.left, .ctrl("b")], label: "Left, Ctrl-B", action: .left, summary: "one character left"),
        KeyBinding(keys: [.right, .ctrl("f")], label: "Right, Ctrl-F", action: .right, summary: "one character right"),
        KeyBinding(keys: [.ctrlLeft, .alt("b")], label: "Ctrl-Left, Alt-B", action: .wordLeft, summary: "one word left"),
        KeyBinding(keys: [.ctrlRight, .alt("f")], label: "Ctrl-Right, Alt-F", action: .wordRight, summary: "one word right"),
        KeyBinding(keys: [.backspace, .ctrl("h")], label: "Backspace, Ctrl-H", action: .deleteBackward, summary: "delete before the cursor"),
        KeyBinding(keys: [.delete], label: "Delete", action: .deleteForward, summary: "delete under the cursor"),
        KeyBinding(keys: [.ctrl("d")], label: "Ctrl-D", action: .deleteForwardOrQuit, summary: "delete under the cursor (empty draft: quit)"),
        KeyBinding(keys: [.ctrl("k")], label: "Ctrl-K", action: .killToLineEnd, summary: "kill to the end of the line"),
        KeyBinding(keys: [.ctrl("u")], label: "Ctrl-U", action: .killToLineStart, summary: "kill to the start of the line"),
        KeyBinding(keys: [.ctrl("w"), .altBackspace], label: "Ctrl-W, Alt-Backspace", action: .killWordBackward, summary: "kill the word before"),
        KeyBinding(keys: [.alt("d")], label: "Alt-D", action: .killWordForward, summary: "kill the word after"),
        KeyBinding(keys: [.ctrl("y")], label: "Ctrl-Y", action: .yank, summary: "yank the last killed text"),
        KeyBinding(keys: [.alt("y")], label: "Alt-Y", action: .yankPop, summary: "after a yank: cycle to older kills"),
        KeyBinding(keys: [.ctrl("_")], label: "Ctrl-_", action: .undo, summary: "undo (a run of typing is one step)"),
        KeyBinding(keys: [.alt("_")], label: "Alt-_", action: .redo, summary: "redo"),
        KeyBinding(keys: [.ctrl("x")], label: "Ctrl-X Ctrl-E", action: .editorPrefix, summary: "edit the draft in $EDITOR"),
        KeyBinding(keys: [.pageUp], label: "PgUp", action: .pageUp, summary: "scroll a page up"),
        KeyBinding(keys: [.pageDown], label: "PgDn", action: .pageDown, summary: "scroll a page down"),
        KeyBinding(keys: [.wheelUp], label: "wheel up", action: .wheelUp, summary: "scroll 3 lines up"),
        KeyBinding(keys: [.wheelDown], label: "wheel down", action: .wheelDown, summary: "scroll 3 lines down"),
        KeyBinding(keys: [.ctrlHome], label: "Ctrl-Home", action: .top, summary: "top of the transcript"),
        KeyBinding(keys: [.ctrlEnd, .escape], label: "Ctrl-End, Esc", action: .bottom, summary: "newest message"),
        KeyBinding(keys: [.ctrl("l")], label: "Ctrl-L", action: .repaint, summary: "redraw the screen"),
        KeyBinding(keys: [.function(6), .alt("l")], label: "F6, Alt-L", action: .copyMode,
                   summary: "copy mode: the bare transcript for the terminal's selection; any key returns"),
        KeyBinding(keys: [.function(2)], label: "F2", action: .diagnostics,
                   summary: "diagnostics pane: connection states, heartbeat round trips, reconnects, last frames (F2 again hides it)"),
        KeyBinding(keys: [.function(1)], label: "F1, ? (empty draft)", action: .help, summary: "this help"),
        KeyBinding(keys: [.ctrl("z")], label: "Ctrl-Z", action: .suspend, summary: "suspend (fg resumes)"),
        KeyBinding(keys: [.ctrl("c")], label: "Ctrl-C", action: .quit, summary: "quit"),
    ]

    private static let byKey: [Key: KeyAction] = {
        var map: [Key: KeyAction] = [:]
        for binding in bindings {
            for key in binding.keys where map[key] == nil { map[key] = binding.action }
        }
        return map
    }()

    /// The action bound to a key, if any.
    static func action(for key: Key) -> KeyAction? { byKey[key] }

    /// The help text: every key, then every slash command.
    static func helpLines() -> [String] {
        let width = bindings.map(\.label.count).max() ?? 0
        let keys = bindings.map { "  " + $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
        return ["Keys"] + keys + ["", "Commands"] + SlashCommand.allCases.map { "  " + $0.summary }
            + ["", "Mouse: the wheel scrolls, a click on an option of the newest question picks it, a click on a failed",
               "message or attachment sends it again (--no-mouse leaves the mouse to the terminal)."]
    }
}
