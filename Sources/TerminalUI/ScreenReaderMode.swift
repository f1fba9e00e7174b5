import ChatModel
import ChatUI
import Foundation
import Synchronization
import TerminalRuntime

/// The accessible front end for screen-reader users (`--screen-reader`): no alternate screen, no
/// cursor addressing, no redraws. Each message is printed once as a line (`Ava, agent, 10:42: …`),
/// changes as short lines, open pickers, carousels and forms as numbered lists answered by number,
/// and the prompt is a libedit line editor (``LineEditor``) with the composer's history file.
///
/// Like line mode, it gets the session's events and a `send` closure; the words are
/// ``ScreenReaderModel``'s, the terminal is the line editor's thread alone.
public struct ScreenReaderMode: Sendable {
    /// Options of the accessible mode.
    public struct Options: Sendable {
        /// The profile whose input history is used (the full screen's history file).
        public var profile: String
        /// The environment (history folder, `$EDITOR`, the opener of links).
        public var environment: [String: String]
        /// After input ends (a pipe, not Ctrl-D at the prompt), how long the chat may stay quiet
        /// before it is ended, as in line mode.
        public var linger: Duration

        /// Creates options.
        public init(profile: String = "default", environment: [String: String], linger: Duration = .seconds(3)) {
            self.profile = profile
            self.environment = environment
            self.linger = linger
        }
    }

    /// How the accessible mode ended.
    public enum Outcome: Sendable, Equatable {
        /// The chat is over, or the user left it (`/quit`, Ctrl-D): the last connection state.
        case finished(ConnectionState)
        /// The user asked for a new chat (`/new`).
        case newChat
    }

    let options: Options

    /// Creates the accessible mode.
    public init(options: Options) {
        self.options = options
    }

    /// Runs until the chat ends or the user leaves; the terminal is as it was found afterwards.
    public func run(events: ChatEventStream, send: @escaping @Sendable (ChatCommand) async -> Void) async -> Outcome {
        let historyPath = HistoryFile.path(profile: options.profile, environment: options.environment)
        let history = Guarded(HistoryFile.load(from: historyPath))
        let editor = LineEditor(prompt: ScreenReaderModel.messagePrompt, history: history.withLock { $0 }) { line in
            let entries = history.withLock { entries -> [String] in
                if entries.last != line { entries.append(line) }
                if entries.count > 500 { entries.removeFirst(entries.count - 500) }
                return entries
            }
            HistoryFile.save(entries, to: historyPath)
        }
        let model = Guarded(ScreenReaderModel())
        let tracker = PlainActivity()
        let leaving = Guarded<Outcome?>(nil)
        let perform = Performer(editor: editor, environment: options.environment, send: send, leaving: leaving)
        let linger = options.linger
        let final = Guarded(ConnectionState.idle)
        await withTaskGroup(of: Bool.self) { group in
            // The session's events; true when the chat is over.
            group.addTask {
                for await event in events {
                    await tracker.note(event)
                    if case .connection(let state) = event { final.withLock { $0 = state } }
                    let outputs = model.withLock { $0.handle(event, now: Date()) }
                    await perform(outputs, model: model, tracker: tracker)
                    if case .connection(let state) = event, state.isTerminal { break }
                }
                return true
            }
            // The typed lines; true when the user left.
            group.addTask {
                for await line in editor.lines {
                    await tracker.lineRead()
                    let outputs = model.withLock { $0.typed(line) }
                    await perform(outputs, model: model, tracker: tracker)
                    if leaving.withLock({ $0 }) != nil { return true }
                }
                if Task.isCancelled { return false }
                if editor.isEditing {
                    // Ctrl-D at the prompt leaves, as /quit does: the chat stays open to come back to.
                    leaving.withLock { $0 = $0 ?? .finished(.idle) }
                    return true
                }
                // Input from a pipe ended: as in line mode, the chat ends once what was read is sent and it was quiet.
                let verdict = await tracker.waitUntilQuiet(for: linger, settleLimit: PlainMode.settleLimit)
                if verdict == .ended { return false }
                if let line = PlainMode.endingLine(verdict) { editor.say(String(line.dropFirst(3))) }
                await send(.end)
                return false
            }
            while let over = await group.next() {
                if over {
                    group.cancelAll()
                    break
                }
            }
        }
        editor.stop()
        switch leaving.withLock({ $0 }) {
        case .newChat: return .newChat
        case .finished, nil: return .finished(final.withLock { $0 })
        }
    }
}

/// Carries out what the model asked for: lines to the line editor, commands to the session.
private struct Performer: Sendable {
    let editor: LineEditor
    let environment: [String: String]
    let send: @Sendable (ChatCommand) async -> Void
    let leaving: Guarded<ScreenReaderMode.Outcome?>

    init(
        editor: LineEditor, environment: [String: String], send: @escaping @Sendable (ChatCommand) async -> Void,
        leaving: Guarded<ScreenReaderMode.Outcome?>
    ) {
        self.editor = editor
        self.environment = environment
        self.send = send
        self.leaving = leaving
    }

    func callAsFunction(_ outputs: [ScreenReaderOutput], model: Guarded<ScreenReaderModel>, tracker: PlainActivity) async {
        for output in outputs {
            switch output {
            case .say(let lines):
                if !lines.isEmpty { editor.say(lines.joined(separator: "\n")) }
            case .prompt(let prompt):
                editor.setPrompt(prompt)
            case .send(let command):
                if case .send = command { await tracker.messageHandedOver() }
                await send(command)
            case .leave(let newChat):
                leaving.withLock { $0 = newChat ? .newChat : .finished(.idle) }
            case .openURL(let url):
                editor.say(TerminalSafeText.oneLine(LinkOpener.open(url, environment: environment)))
            case .export(let path, let contents):
                editor.say(TerminalSafeText.oneLine(ExportFile.write(contents, to: path)))
            case .edit(let draft):
                let environment = environment
                let edited = await editor.whileSuspended { ExternalEditor.edit(draft, environment: environment) }
                guard let edited, !edited.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    editor.say("Nothing was sent from the editor.")
                    continue
                }
                let more = model.withLock { $0.hasEnded }
                    ? [ScreenReaderOutput.say(["The chat has ended, so this was not sent."])] : [.send(.send(edited))]
                await self(more, model: model, tracker: tracker)
            }
        }
    }
}

/// A value behind a lock, shared by the tasks of the accessible mode.
final class Guarded<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, alone.
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
