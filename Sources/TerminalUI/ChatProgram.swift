import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The customer's full-screen chat as a ``ProgramModel``: the chat UI's ``UIState`` and pure
/// ``Reducer``, with what the reducer asks for turned into the program's effects — a command for
/// the engine is an output, the terminal's own effects go to the screen, the editor, copy mode and
/// a folder's listing are effects whose answers come back as events, and the input history is
/// written as it changes.
struct ChatProgram: ProgramModel {
    /// What the chat's job posts: the engine's events.
    enum Message: Sendable {
        /// Something the engine published.
        case engine(ChatEvent)
        /// The engine's event stream finished.
        case engineFinished
        /// A folder was listed (nil names: it could not be read).
        case folderListed(path: String, names: [String]?)
    }

    /// The chat UI's state.
    private(set) var state: UIState
    /// How the program ended (set by the reducer's exit).
    private(set) var outcome = TerminalExit.quit
    private let palette: UIPalette
    private let events: ChatEventStream
    private let historyPath: String
    /// The input history as last written to its file.
    private var savedHistory: [String]

    /// The chat for `events`, its history read from `historyPath`.
    init(state: UIState, palette: UIPalette, events: ChatEventStream, historyPath: String) {
        var state = state
        state.composer.loadHistory(HistoryFile.load(from: historyPath))
        self.state = state
        self.palette = palette
        self.events = events
        self.historyPath = historyPath
        self.savedHistory = state.composer.history
    }

    mutating func start(now: Date) -> [ProgramEffect<Message, ChatCommand>] {
        let events = events
        return [.run(ProgramJob(name: "engine") { post in
            for await event in events { post(.engine(event)) }
            if !Task.isCancelled { post(.engineFinished) }
        })]
    }

    mutating func update(_ event: ProgramEvent<Message>, now: Date) -> [ProgramEffect<Message, ChatCommand>] {
        let uiEvent: UIEvent
        switch event {
        case .key(let key): uiEvent = .key(key)
        case .resized(let size): uiEvent = .resize(size)
        case .message(.engine(let chatEvent)): uiEvent = .engine(chatEvent)
        case .message(.engineFinished): uiEvent = .engineFinished
        case .message(.folderListed(let path, let names)): uiEvent = .folderListed(path: path, names: names)
        case .tick: uiEvent = .tick
        case .notice(let text): uiEvent = .notice(text)
        case .edited(.edited(let draft)): uiEvent = .draftEdited(draft)
        case .edited(.interrupted(let draft)):
            // Terminated while editing: the draft is kept in the input history (Up brings it back
            // next time), written now, before the signal ends the program.
            state.composer.remember(draft)
            return [saveHistory(), .perform {
                StandardStreams.err("helpline: your draft is kept in the input history (Up arrow in the next chat)")
            }]
        case .plainViewClosed:
            state.screenHidden = false
            return []
        }
        var effects = Reducer.reduce(&state, uiEvent, now: now).flatMap { translate($0) }
        if state.composer.history != savedHistory { effects.insert(saveHistory(), at: 0) }
        return effects
    }

    /// One read receipt a turn, for the newest message seen: the engine sends only the newest of a
    /// receipt window anyway, and a burst read in one turn (a long history, a fast bot) would
    /// otherwise queue one command per message.
    func coalesced(_ outputs: [ChatCommand]) -> [ChatCommand] {
        guard let newest = outputs.lastIndex(where: Self.isSeen) else { return outputs }
        var kept: [ChatCommand] = []
        kept.reserveCapacity(outputs.count)
        for (index, command) in outputs.enumerated() where index == newest || !Self.isSeen(command) {
            kept.append(command)
        }
        return kept
    }

    private static func isSeen(_ command: ChatCommand) -> Bool {
        if case .seen = command { return true }
        return false
    }

    func view(now: Date) -> Frame {
        FrameBuilder.build(state, now: now, palette: palette)
    }

    var title: String { ChatScreen.windowTitle(state) }

    func nextChange(after now: Date) -> Date? {
        ChatScreen.nextWake(state, now: now)
    }

    func echoAhead(for keys: [Key]) -> Echo? {
        EchoAhead.echo(for: keys, in: state)
    }

    /// One reducer effect as the program's.
    private mutating func translate(_ effect: UIEffect) -> [ProgramEffect<Message, ChatCommand>] {
        if let onScreen = effect.onScreen { return [.screen(onScreen)] }
        switch effect {
        case .send(let command):
            return [.output(command)]
        case .exit(let result):
            outcome = result
            return [.quit]
        case .editDraft(let draft):
            return [.editText(draft)]
        case .bareView:
            state.screenHidden = true
            return [.showPlain(CopyModeText.lines(state))]
        case .listFolder(let path):
            return [.run(ProgramJob { post in post(.folderListed(path: path, names: PathCompletion.listFolder(path))) })]
        case .export, .repaint, .bell, .notify, .suspend, .openURL:
            return []  // screen effects, above
        }
    }

    /// Writes the input history as it stands.
    private mutating func saveHistory() -> ProgramEffect<Message, ChatCommand> {
        let (history, path) = (state.composer.history, historyPath)
        savedHistory = history
        return .perform { _ = HistoryFile.save(history, to: path) }
    }
}
