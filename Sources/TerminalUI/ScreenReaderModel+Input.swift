import ChatModel
import ChatUI
import Foundation

extension ScreenReaderModel {
    /// What to do about one typed line: a field's value, an answer by number, a slash command (the
    /// one table, ``SlashCommand``, every command of it), or a message.
    mutating func typed(_ line: String) -> [ScreenReaderOutput] {
        if let field = filling {
            filling = nil
            let value = line.trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { return [.say(["\(TerminalSafeText.oneLine(field.name)) not changed"]), .prompt(prompt)] }
            return [.send(.setField(name: field.name, value: value)), .prompt(prompt)]
        }
        if let question, let answer = question.answer(line) {
            switch answer {
            case .pick(let number):
                return [.send(.pick(index: number))]
            case .fill(let field):
                filling = field
                return [.say(["Type the value for \(TerminalSafeText.oneLine(field.name)), or an empty line to leave it."]), .prompt(prompt)]
            }
        }
        switch SlashCommand.parse(line) {
        case .message(let text):
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
            if hasEnded { return [.say(["The chat has ended, so this was not sent: \(TerminalSafeText.oneLine(text))"])] }
            return [.send(.send(text))]
        case .unknown(let word):
            return [.say(["Unknown command \(TerminalSafeText.oneLine(word)). /help lists the commands; start with // to send a slash."])]
        case .command(let command, let argument):
            return run(command, argument: argument)
        }
    }

    /// Runs one slash command.
    private mutating func run(_ command: SlashCommand, argument: String) -> [ScreenReaderOutput] {
        switch command {
        case .help:
            return [.say(Self.help)]
        case .quit:
            return [.leave(newChat: false)]
        case .new:
            return [.leave(newChat: true)]
        case .end:
            if hasEnded { return [.say(["The chat has already ended. /new starts a new one, /quit leaves."])] }
            return [.send(.end)]  // "ending the chat" follows, as the connection's state
        case .retry:
            switch connection {
            case .failed, .reconnecting:
                return [.say(["Reconnecting now"]), .send(.reconnectNow)]
            default:
                guard let newestFailed else { return [.say(["Nothing to retry: no message failed."])] }
                return [.send(.retry(localId: newestFailed))]
            }
        case .suspend, .resume, .reset:
            if hasEnded { return [.say(["The chat has ended. /new starts a new one."])] }
            let (line, sent): (String, ChatCommand) = switch command {
            case .suspend: ("Suspending the connection; /resume reconnects", .suspend)
            case .resume: ("Reconnecting", .resume)
            default: ("Reloading the transcript from the server", .reset)
            }
            return [.say([line]), .send(sent)]
        case .pick:
            guard let number = Int(argument), number >= 1 else { return [.say(["Usage: /pick N, the number of the option."])] }
            return [.send(.pick(index: number))]
        case .set:
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = parts.first else { return [.say(["Usage: /set FIELD VALUE, to fill in a field of the newest form."])] }
            return [.send(.setField(name: name, value: parts.count > 1 ? parts[1] : ""))]
        case .attach:
            guard !argument.isEmpty else { return [.say(["Usage: /attach PATH"])] }
            return [.send(.attach(path: (PathCompletion.unquote(argument) as NSString).expandingTildeInPath))]
        case .download:
            return download(argument, open: false)
        case .open:
            if argument.hasPrefix("#") || (links.isEmpty && linksInTranscript.isEmpty && !attachments.isEmpty) {
                return download(argument, open: true)
            }
            if links.isEmpty { links = linksInTranscript }
            guard let number = Int(argument), number >= 1, number <= links.count else {
                return [.say([links.isEmpty ? "There are no links in the transcript." : "Usage: /open N, with N from 1 to \(links.count); /links lists them."])]
            }
            return [.openURL(links[number - 1])]
        case .links:
            links = linksInTranscript
            guard !links.isEmpty else { return [.say(["There are no links in the transcript."])] }
            let numbered = links.enumerated().map { "\($0.offset + 1). \(TerminalSafeText.oneLine($0.element))" }
            return [.say(["\(links.count) link\(links.count == 1 ? "" : "s"); /open N opens one:"] + numbered)]
        case .search:
            return search(argument)
        case .export:
            guard !argument.isEmpty else { return [.say(["Usage: /export FILE"])] }
            return [.export(path: argument, contents: exported)]
        case .edit:
            return [.edit(argument)]
        case .auth:
            return [.send(.authenticationLink)]
        case .cancelAuth:
            return [.send(.cancelAuthentication)]
        }
    }

    /// The commands, one line each, without the full screen's keys.
    static var help: [String] {
        var lines = ["Commands:"]
        for command in SlashCommand.allCases {
            var summary = command.summary
            if let keys = summary.range(of: " (also") { summary = String(summary[..<keys.lowerBound]) }
            if let tab = summary.range(of: " (Tab") { summary = String(summary[..<tab.lowerBound]) }
            lines.append(summary)
        }
        lines.append("While a list is open, its number answers it. Up and down arrows go through the lines typed before.")
        return lines
    }

    /// Every distinct link in the messages said so far, oldest first.
    var linksInTranscript: [String] {
        var seen = Set<String>()
        return items.flatMap { LinkIndex.urls(in: $0.displayText) }.filter { seen.insert($0).inserted }
    }

    /// `/search TEXT`: the messages that hold TEXT, each as its first line.
    private func search(_ query: String) -> [ScreenReaderOutput] {
        let wanted = query.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return [.say(["Usage: /search TEXT"])] }
        let found = items.filter { $0.displayText.range(of: wanted, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        guard !found.isEmpty else { return [.say(["No message holds \(TerminalSafeText.oneLine(wanted))."])] }
        let count = "\(found.count) message\(found.count == 1 ? "" : "s") hold \(TerminalSafeText.oneLine(wanted)):"
        return [.say([count] + found.compactMap { format.lines(for: $0).first })]
    }

    /// `/download N [DIR]` and `/open #N`.
    private mutating func download(_ argument: String, open: Bool) -> [ScreenReaderOutput] {
        let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
        let number = parts.first.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.flatMap { Int($0) }
        guard let number, number >= 1, number <= attachments.count else {
            return [.say([attachments.isEmpty ? "There are no attachments." : "Usage: /download N [DIR], with N from 1 to \(attachments.count)."])]
        }
        let attachment = attachments[number - 1]
        if open { opens.insert(attachment.id) }
        let folder = !open && parts.count > 1 ? (PathCompletion.unquote(parts[1]) as NSString).expandingTildeInPath : nil
        return [.send(.download(attachmentId: attachment.id, directory: folder))]
    }

    /// The transcript as Markdown for `/export`: one line per message, as said.
    var exported: String {
        var out = "# Helpline transcript\n\n"
        for item in items {
            out += format.lines(for: item).joined(separator: "<br>") + "  \n"
        }
        return out
    }
}
