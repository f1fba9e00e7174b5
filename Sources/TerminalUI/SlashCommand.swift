import ChatModel
import Foundation

/// The slash commands the composer understands.
enum SlashCommand: String, CaseIterable, Sendable {
    case help, retry, export, end, new, quit

    /// The command as typed, with its slash.
    var name: String { "/" + rawValue }

    /// True when the command needs an argument (Tab completion adds a space).
    var takesArgument: Bool { self == .export }

    /// One line of help.
    var summary: String {
        switch self {
        case .help: "/help — this list"
        case .retry: "/retry — resend the newest failed message, or reconnect now"
        case .export: "/export FILE — save the transcript as Markdown (mode 0600)"
        case .end: "/end — end the chat for everyone"
        case .new: "/new — leave this chat and start a new one"
        case .quit: "/quit — leave (also Ctrl-C, or Ctrl-D on an empty line)"
        }
    }

    /// Commands whose name starts with `prefix` (which includes the slash).
    static func completions(for prefix: String) -> [SlashCommand] {
        allCases.filter { $0.name.hasPrefix(prefix.lowercased()) }
    }

    /// The longest common prefix of some names.
    static func commonPrefix(_ names: [String]) -> String {
        guard var prefix = names.first else { return "" }
        for name in names.dropFirst() {
            while !name.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// The text `/help` shows: commands, then keys.
    static let helpText = (allCases.map(\.summary) + [
        "Keys: Enter send · Alt-Enter new line · Up/Down history · Ctrl-R search it · Tab complete · PgUp/PgDn, wheel scroll",
        "Home/End (empty line) or Ctrl-Home/Ctrl-End top/bottom · Esc back to newest · Ctrl-L redraw",
        "F2 or Alt-L: copy mode (the transcript as plain terminal text with clickable links; Enter returns)",
        "Editing: Ctrl-A/E line start/end · Ctrl-B/F, Alt-B/F move · Ctrl-K/U/W kill · Ctrl-Y yank · Ctrl-_ undo",
    ]).joined(separator: "\n")
}

extension Reducer {
    /// Runs a slash command typed in the composer; unknown commands keep the draft.
    static func runCommand(_ state: inout UIState, _ text: String, now: Date) -> [UIEffect] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let word = trimmed.split(separator: " ", maxSplits: 1).first.map(String.init) ?? trimmed
        let argument = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        let aliases = ["/exit": SlashCommand.quit, "/q": .quit, "/?": .help]
        guard let command = SlashCommand(rawValue: String(word.dropFirst()).lowercased()) ?? aliases[word.lowercased()] else {
            addNotice(&state, "Unknown command \(word) — /help lists the commands (start with // to send a slash).", now: now)
            return []
        }
        state.composer.remember(trimmed)
        state.composer.clear()
        switch command {
        case .help:
            addNotice(&state, SlashCommand.helpText, now: now)
            scrollToBottom(&state)
            return []
        case .quit:
            return [.exit(quitResult(state))]
        case .new:
            return [.exit(.newChatRequested)]
        case .end:
            if state.chatIsOver {
                addNotice(&state, "The chat has already ended. /new starts a new one.", now: now)
                return []
            }
            addNotice(&state, "Ending the chat…", now: now)
            return [.send(.end)]
        case .retry:
            switch state.connection {
            case .failed, .reconnecting:
                addNotice(&state, "Reconnecting now…", now: now)
                return [.send(.reconnectNow)]
            default:
                if let failed = state.store.newestFailedOwn {
                    return [.send(.retry(localId: failed.localId ?? failed.id))]
                }
                addNotice(&state, "Nothing to retry: no failed messages.", now: now)
                return []
            }
        case .export:
            guard !argument.isEmpty else {
                addNotice(&state, "Usage: /export FILE", now: now)
                return []
            }
            let contents = TranscriptExport.markdown(state.store, formatter: state.view.formatter)
            return [.export(path: argument, contents: contents)]
        }
    }
}
