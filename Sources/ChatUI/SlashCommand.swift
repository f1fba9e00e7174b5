import ChatModel
import Foundation

/// The slash commands the composer understands.
package enum SlashCommand: String, CaseIterable, Sendable {
    case help, search, links, open, pick, set, attach, download, edit, retry, suspend, resume, reset, export, end, new, quit
    case auth
    case cancelAuth = "cancel-auth"

    /// The command as typed, with its slash.
    package var name: String { "/" + rawValue }

    /// True when the command needs an argument (Tab completion adds a space).
    var takesArgument: Bool { !argumentName.isEmpty }

    /// One line of help.
    package var summary: String {
        switch self {
        case .help: "/help — this list (also F1, or ? on an empty line)"
        case .search: "/search TEXT — find TEXT in the transcript (also Ctrl-S)"
        case .links: "/links — number the links in the transcript"
        case .open: "/open N — open link N (xdg-open, or the URL is printed); /open #N downloads attachment N and opens it"
        case .pick: "/pick N — answer the newest quick reply, list picker, suggestion or form with option N"
        case .set: "/set FIELD VALUE — fill in a field of the newest form (then /pick its action; typed text answers it)"
        case .attach: "/attach PATH — send a file (Tab completes the path; shown as 📎 with a number)"
        case .download: "/download N [DIR] — save attachment N in DIR, the download folder (XDG) or here (never overwrites)"
        case .edit: "/edit — edit the draft in $EDITOR (also Ctrl-X Ctrl-E)"
        case .retry: "/retry — resend the newest failed message, or reconnect now"
        case .suspend: "/suspend — drop the connection for now (the chat stays open; /resume comes back)"
        case .resume: "/resume — connect again after /suspend"
        case .reset: "/reset — forget what is shown and reload the transcript from the server"
        case .export: "/export FILE — save the transcript as Markdown (mode 0600)"
        case .end: "/end — end the chat for everyone"
        case .new: "/new — leave this chat and start a new one"
        case .quit: "/quit — leave (also Ctrl-C, or Ctrl-D on an empty line)"
        case .auth: "/auth — show the sign-in link the contact center asked for again (a fresh one once it expired)"
        case .cancelAuth: "/cancel-auth — decline the sign-in the contact center asked for"
        }
    }

    /// What the argument is called in hints.
    var argumentName: String {
        switch self {
        case .export: "FILE"
        case .open, .pick: "N"
        case .set: "FIELD VALUE"
        case .attach: "PATH"
        case .download: "N"
        case .search: "TEXT"
        default: ""
        }
    }

    /// What a typed line is: a command with its argument, an unknown command, or a message.
    package enum Parsed: Equatable, Sendable {
        /// A known command (aliases resolved) and the rest of the line, trimmed.
        case command(SlashCommand, argument: String)
        /// A line starting with `/` that names no command (the first word).
        case unknown(String)
        /// Text to send (`//` at the start sends one slash).
        case message(String)
    }

    /// Reads a typed line the same way for the full-screen UI and line mode.
    package static func parse(_ text: String) -> Parsed {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("/"), !trimmed.hasPrefix("//") else {
            return .message(trimmed.hasPrefix("//") ? String(trimmed.dropFirst()) : text)
        }
        let word = trimmed.split(separator: " ", maxSplits: 1).first.map(String.init) ?? trimmed
        let argument = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        let aliases = ["/exit": SlashCommand.quit, "/q": .quit, "/?": .help]
        guard let command = SlashCommand(rawValue: String(word.dropFirst()).lowercased()) ?? aliases[word.lowercased()] else {
            return .unknown(word)
        }
        return .command(command, argument: argument)
    }

    /// True for the commands line mode runs too (the others need the full screen).
    package var worksInLineMode: Bool {
        switch self {
        case .help, .pick, .set, .attach, .download, .open, .retry, .suspend, .resume, .reset, .end, .quit, .auth, .cancelAuth: true
        case .search, .links, .edit, .export, .new: false
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

    /// The text `/help` shows: generated from the key table, like the help overlay.
    static var helpText: String { KeyTable.helpLines().joined(separator: "\n") }
}

extension Reducer {
    /// Runs a slash command typed in the composer; unknown commands keep the draft.
    static func runCommand(_ state: inout UIState, _ text: String, now: Date) -> [UIEffect] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let command: SlashCommand
        let argument: String
        switch SlashCommand.parse(text) {
        case .command(let known, let rest):
            (command, argument) = (known, rest)
        case .unknown(let word):
            addNotice(&state, "Unknown command \(word) — /help lists the commands (start with // to send a slash).", now: now)
            return []
        case .message:
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
                addNotice(&state, "The chat has already ended. \(state.options.afterEnd).", now: now)
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
        case .edit:
            return [.editDraft(argument)]
        case .suspend, .resume:
            if state.chatIsOver {
                addNotice(&state, "The chat has ended; there is no connection to \(command.rawValue). /new starts a new one.", now: now)
                return []
            }
            addNotice(&state, command == .suspend ? "Suspending the connection… (/resume reconnects)" : "Reconnecting…", now: now)
            return [.send(command == .suspend ? .suspend : .resume)]
        case .reset:
            if state.chatIsOver {
                addNotice(&state, "The chat has ended; there is nothing to reload. \(state.options.afterEnd).", now: now)
                return []
            }
            addNotice(&state, "Reloading the transcript from the server…", now: now)
            return [.send(.reset)]
        case .links:
            state.links = LinkIndex.links(in: state.store)
            addNotice(&state, LinkIndex.listing(state.links), now: now)
            scrollToBottom(&state)
            return []
        case .attach:
            return runAttach(&state, trimmed, argument: argument, now: now)
        case .download:
            return runDownload(&state, argument: argument, now: now)
        case .open:
            if state.links.isEmpty { state.links = LinkIndex.links(in: state.store) }
            if argument.hasPrefix("#") || (state.links.isEmpty && state.store.attachmentCount > 0) {
                return runOpenAttachment(&state, argument: argument, now: now)
            }
            guard let n = Int(argument), n >= 1, n <= state.links.count else {
                addNotice(&state, state.links.isEmpty ? "There are no links in the transcript."
                    : "Usage: /open N, with N from 1 to \(state.links.count) (/links lists them).", now: now)
                return []
            }
            return [.openURL(state.links[n - 1])]
        case .search:
            return startTranscriptSearch(&state, query: argument, now: now)
        case .pick:
            guard let n = Int(argument), n >= 1 else {
                addNotice(&state, "Usage: /pick N — the number of the option to answer with.", now: now)
                return []
            }
            return [.send(.pick(index: n))]
        case .set:
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = parts.first else {
                addNotice(&state, "Usage: /set FIELD VALUE — fill in a field of the newest form.", now: now)
                return []
            }
            return [.send(.setField(name: name, value: parts.count > 1 ? parts[1] : ""))]
        case .export:
            guard !argument.isEmpty else {
                addNotice(&state, "Usage: /export FILE", now: now)
                return []
            }
            let contents = TranscriptExport.markdown(state.store, formatter: state.view.formatter)
            return [.export(path: argument, contents: contents)]
        case .auth:
            return authenticationLinkAsked(&state, now: now)
        case .cancelAuth:
            return [.send(.cancelAuthentication)]
        }
    }
}
