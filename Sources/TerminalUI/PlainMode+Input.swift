import ChatModel
import ChatUI
import Foundation

extension PlainMode {
    /// How long messages may stay unconfirmed after stdin ended before line mode ends the chat anyway.
    static let settleLimit: Duration = .seconds(30)

    /// Reads stdin's lines: runs the commands of the shared table (``SlashCommand``) that line
    /// mode knows and sends the rest. When input ends, waits until everything read is sent and the
    /// chat was quiet for `linger`, then ends the chat.
    func readInput(
        _ input: AsyncStream<String>, tracker: PlainActivity, send: @escaping @Sendable (ChatCommand) async -> Void
    ) async {
        var ending = false
        for await line in input {
            await tracker.lineRead()
            switch SlashCommand.parse(line) {
            case .message(let text):
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                let ended = await tracker.hasEnded
                if ending || ended {
                    // The chat is over (or being ended): say so, and keep the text where the user sees it.
                    status("-- The chat has ended, so this was not sent: \(text)")
                    continue
                }
                await tracker.messageHandedOver()
                await send(.send(text))
            case .unknown(let word):
                status("helpline: unknown command \(word) (line mode knows \(Self.lineModeCommands))")
            case .command(let command, let argument):
                if ending {
                    if command != .end && command != .quit { status("-- The chat has ended, so \(command.name) was not run") }
                    continue
                }
                if await !run(command, argument: argument, tracker: tracker, send: send) { ending = true }
            }
        }
        guard !Task.isCancelled, !ending else { return }
        let verdict = await tracker.waitUntilQuiet(for: options.linger, settleLimit: Self.settleLimit)
        if verdict == .ended { return }
        if let line = Self.endingLine(verdict) { status(line) }
        await send(.end)
    }

    /// What line mode says when it ends a chat that is not settled (nil: nothing to say).
    static func endingLine(_ verdict: PlainActivity.Quietness) -> String? {
        let messages = { (count: Int) in "\(count) message\(count == 1 ? "" : "s")" }
        switch verdict {
        case .unsettled(let count) where count > 0:
            return "-- ending the chat with \(messages(count)) not yet confirmed by the server"
        case .neverConnected(let count):
            let unsent = count > 0 ? ", so \(messages(count)) \(count == 1 ? "was" : "were") never sent" : ""
            return "-- ending the chat: it never connected\(unsent)"
        case .offline:
            return "-- ending the chat: the connection did not come back"
        case .unsettled, .quiet, .waiting, .ended:
            return nil
        }
    }

    /// The commands line mode runs, for its messages.
    static var lineModeCommands: String {
        SlashCommand.allCases.filter(\.worksInLineMode).map(\.name).joined(separator: ", ")
    }

    /// Runs one command; false when it ends the chat (later lines are not sent, and said so).
    private func run(
        _ command: SlashCommand, argument: String, tracker: PlainActivity,
        send: @escaping @Sendable (ChatCommand) async -> Void
    ) async -> Bool {
        guard command.worksInLineMode else {
            status("helpline: \(command.name) needs the full-screen UI (line mode knows \(Self.lineModeCommands))")
            return true
        }
        if await PlainAttachments.run(command, argument: argument, tracker: tracker, send: send, status: status) {
            return true
        }
        switch command {
        case .end, .quit:
            // What was read before goes first (a pipe is read at once, before the chat connects).
            if let line = Self.endingLine(await tracker.waitUntilQuiet(for: .zero, settleLimit: Self.settleLimit)) {
                status(line)
            }
            await send(.end)
            return false
        case .help:
            for command in SlashCommand.allCases where command.worksInLineMode { status("  " + command.summary) }
        case .pick:
            if let n = Int(argument), n >= 1 {
                await send(.pick(index: n))
            } else {
                status("helpline: usage: /pick N")
            }
        case .set:
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            if let name = parts.first {
                await send(.setField(name: name, value: parts.count > 1 ? parts[1] : ""))
            } else {
                status("helpline: usage: /set FIELD VALUE")
            }
        case .reset:
            await send(.reset)
        case .auth:
            await send(.authenticationLink)
        case .cancelAuth:
            await send(.cancelAuthentication)
        case .suspend:
            await send(.suspend)
        case .resume:
            await send(.resume)
        case .retry:
            if let localId = await tracker.newestFailed() {
                await send(.retry(localId: localId))
            } else {
                status("helpline: nothing to retry")
            }
        case .attach, .download, .open, .search, .links, .edit, .export, .new:
            break
        }
        return true
    }
}
