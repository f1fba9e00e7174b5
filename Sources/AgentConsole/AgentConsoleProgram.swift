import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// A command for one accepted chat's session, with the session's hand-over.
struct TabCommand: Sendable {
    /// Hands a command to the chat's session (one hop).
    var send: @Sendable (ChatCommand) -> Void
    /// The command.
    var command: ChatCommand
}

/// The live agent's console as a ``ProgramModel``: ``AgentConsoleState`` and its key handling,
/// with the desk's calls (queue, accept, release) run as jobs whose answers come back as messages,
/// every tab's chat events listened to by a job of its own, and leaving with live chats done as
/// states of the model: the chats are handed back one by one (a chat still being accepted once
/// the desk has given it), and the console quits when all were answered or the time is up.
struct AgentConsoleProgram: ProgramModel {
    /// What the console's jobs post.
    enum Message: Sendable {
        /// A tab's chat session published this.
        case engine(tab: String, ChatEvent)
        /// The queue as fetched (every second).
        case queue(Result<[WaitingChat], AgentConsoleFailure>)
        /// The desk answered an accept.
        case accepted(id: String, Result<AgentChatHandle, AgentConsoleFailure>)
        /// The desk answered a hand-back.
        case released(id: String, Result<Void, AgentConsoleFailure>)
        /// Leaving waited as long as it may for the desk.
        case handBackTimeUp
        /// A folder a tab asked for was listed (nil names: it could not be read).
        case folderListed(tab: String, path: String, names: [String]?)
    }

    typealias Effect = ProgramEffect<Message, TabCommand>

    /// The console's state.
    private(set) var state: AgentConsoleState
    private let options: TerminalUIOptions
    private let look: ScreenLook
    private let actions: AgentConsoleActions
    /// Each open tab's hand-over to its session, by tab key.
    private var links: [String: @Sendable (ChatCommand) -> Void] = [:]
    /// While leaving: the contacts whose hand-back the desk has not answered yet.
    private var handingBack: Set<String>?
    /// How long leaving waits for the desk to take the chats back.
    static let handBackLimit: Duration = .seconds(5)

    /// The console of `agentName`, for a screen of `size`.
    init(agentName: String, options: TerminalUIOptions, look: ScreenLook, actions: AgentConsoleActions, size: TerminalSize) {
        var state = AgentConsoleState(agentName: agentName)
        state.size = size
        self.state = state
        self.options = options
        self.look = look
        self.actions = actions
    }

    mutating func start(now: Date) -> [Effect] {
        let queue = actions.queue
        return [.run(ProgramJob(name: "queue") { post in
            while !Task.isCancelled {
                post(.queue(await queue()))
                try? await Task.sleep(for: .seconds(1))
            }
        })]
    }

    mutating func update(_ event: ProgramEvent<Message>, now: Date) -> [Effect] {
        switch event {
        case .key(let key):
            return state.handle(key, now: now).flatMap { perform($0, now: now) }
        case .resized(let size):
            state.size = size
            for index in state.tabs.indices { _ = Reducer.reduce(&state.tabs[index].ui, .resize(state.tabSize), now: now) }
            return []
        case .message(let message):
            return apply(message, now: now)
        case .tick:
            if let index = state.active, state.tabs.indices.contains(index) {
                _ = Reducer.reduce(&state.tabs[index].ui, .tick, now: now)
            }
            return []
        case .notice(let text):
            state.say(text, now: now)
            return []
        case .edited, .plainViewClosed:
            return []  // the console asks for neither
        }
    }

    func view(now: Date) -> Frame {
        AgentConsoleFrame.build(state, now: now, palette: look.palette)
    }

    var title: String { "Helpline agent \(state.agentName) — \(state.queue.count) waiting" }

    /// When the shown chat next changes by time alone (its clock, dots and hints).
    func nextChange(after now: Date) -> Date? {
        guard let index = state.active, state.tabs.indices.contains(index) else { return nil }
        return ChatScreen.nextWake(state.tabs[index].ui, now: now)
    }

    /// Carries out one console effect.
    private mutating func perform(_ effect: AgentConsoleEffect, now: Date) -> [Effect] {
        switch effect {
        case .quit:
            return [.quit]
        case .handBackAndQuit(let contactIds):
            // Asked again while leaving: the hand-backs are under way already.
            guard handingBack == nil else { return [] }
            handingBack = Set(contactIds)
            // A chat still being accepted is handed back once the desk has given it to us.
            let now = contactIds.filter { $0 != state.accepting }.map(releaseJob)
            return now + [.run(ProgramJob(name: "hand-back-limit") { post in
                try? await Task.sleep(for: Self.handBackLimit)
                if !Task.isCancelled { post(.handBackTimeUp) }
            })] + leaveIfHandedBack()
        case .suspend:
            return [.screen(.suspend)]
        case .accept(let id):
            let accept = actions.accept
            return [.run(ProgramJob { post in post(.accepted(id: id, await accept(id))) })]
        case .release(let id):
            return [releaseJob(id)]
        case .tab(let id, let effects):
            return effects.flatMap { tabEffect($0, tab: id, now: now) }
        }
    }

    /// One effect of a chat tab's reducer.
    private mutating func tabEffect(_ effect: UIEffect, tab id: String, now: Date) -> [Effect] {
        if let onScreen = effect.onScreen { return [.screen(onScreen)] }
        switch effect {
        case .send(let command):
            guard let send = links[id] else { return [] }
            return [.output(TabCommand(send: send, command: command))]
        case .exit:
            notice("/new is not available in the agent console: /close closes this tab, Alt-0 shows the queue.", tab: id, now: now)
        case .editDraft, .bareView:
            notice("That is not available in the agent console.", tab: id, now: now)
        case .listFolder(let path):
            return [.run(ProgramJob { post in post(.folderListed(tab: id, path: path, names: PathCompletion.listFolder(path))) })]
        case .repaint, .suspend, .bell, .notify, .export, .openURL:
            break  // screen effects, above
        }
        return []
    }

    /// Applies something a job posted.
    private mutating func apply(_ message: Message, now: Date) -> [Effect] {
        switch message {
        case .queue(.success(let rows)):
            state.updateQueue(rows)
        case .queue(.failure(let failure)):
            state.notice = failure.message
        case .engine(let id, let event):
            return state.apply(event, to: id, now: now).filter { $0 == .bell }.map { _ in .screen(.bell) }
        case .accepted(let id, .failure(let failure)):
            state.accepting = state.accepting == id ? nil : state.accepting
            state.notice = failure.message
            handingBack?.remove(id)
            return leaveIfHandedBack()
        case .accepted(let id, .success(let handle)):
            return opened(handle, contactId: id, now: now)
        case .released(let id, .success):
            let key = state.markReleased(contactId: id) ?? id
            notice("Handed back to the bot. /close closes this tab.", tab: key, now: now)
            handingBack?.remove(id)
            return leaveIfHandedBack()
        case .released(let id, .failure(let failure)):
            let key = state.tabs.last { $0.contactId == id }?.id ?? id
            notice("Could not hand the chat back: \(failure.message)", tab: key, now: now)
            handingBack?.remove(id)
            return leaveIfHandedBack()
        case .handBackTimeUp:
            if handingBack != nil { return [.quit] }
        case .folderListed(let id, let path, let names):
            guard let index = state.tabs.firstIndex(where: { $0.id == id }) else { return [] }
            return Reducer.reduce(&state.tabs[index].ui, .folderListed(path: path, names: names), now: now)
                .flatMap { tabEffect($0, tab: id, now: now) }
        }
        return []
    }

    /// Opens the tab of an accepted chat and listens to its session.
    private mutating func opened(_ handle: AgentChatHandle, contactId id: String, now: Date) -> [Effect] {
        state.accepting = nil
        state.notice = nil
        var tabOptions = options
        tabOptions.title = "Chat with \(handle.customerName)"
        tabOptions.inAgentConsole = true
        var ui = UIState(options: tabOptions, palette: look.palette, theme: look.theme)
        ui.size = state.tabSize
        let previous = state.tabs.filter { $0.contactId == id }.map(\.id)
        let key = state.openTab(contactId: id, customerName: handle.customerName, ui: ui)
        var effects: [Effect] = []
        for old in previous {
            links[old] = nil
            effects.append(.cancel("tab \(old)"))
        }
        links[key] = handle.send
        let events = handle.events
        effects.append(.run(ProgramJob(name: "tab \(key)") { post in
            for await event in events { post(.engine(tab: key, event)) }
        }))
        // Accepted while leaving: it goes straight back.
        if handingBack?.contains(id) == true { effects.append(releaseJob(id)) }
        return effects
    }

    /// A job that hands a chat back to the desk.
    private func releaseJob(_ id: String) -> Effect {
        let release = actions.release
        return .run(ProgramJob { post in post(.released(id: id, await release(id))) })
    }

    /// Quits once leaving has nothing left to hand back.
    private func leaveIfHandedBack() -> [Effect] {
        guard let handingBack, handingBack.isEmpty else { return [] }
        return [.quit]
    }

    private mutating func notice(_ text: String, tab id: String, now: Date) {
        guard let index = state.tabs.firstIndex(where: { $0.id == id }) else {
            state.notice = text
            return
        }
        _ = Reducer.reduce(&state.tabs[index].ui, .notice(text), now: now)
    }
}
