import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The live agent's full-screen console: the queue of waiting chats and a tab per accepted chat.
///
/// Each chat tab is the customer chat's own ``UIState`` + ``Reducer`` (transcript, composer, typing,
/// receipts) drawn under a tab strip; the console adds the queue, Alt-digit switching and `/transfer`.
/// It runs on the same ``TerminalEventLoop`` as the customer's chat: keys are read when the
/// terminal has input, desk replies and chat events are posted to the loop, frames follow its clock.
@TerminalActor
public final class AgentConsoleApp {
    /// What arrives from outside the key loop.
    private enum Input {
        case engine(id: String, ChatEvent)
        case queue(Result<[WaitingChat], AgentConsoleFailure>)
        case accepted(id: String, Result<AgentChatHandle, AgentConsoleFailure>)
        case released(id: String, Result<Void, AgentConsoleFailure>)
        case handedBack
    }

    private let options: TerminalUIOptions
    private let agentName: String
    private let actions: AgentConsoleActions
    private var sinks: [String: AsyncStream<ChatCommand>.Continuation] = [:]
    private var tasks: [Task<Void, Never>] = []
    /// Accepts in flight, by contact id: leaving waits for one before handing its chat back.
    private var accepts: [String: Task<Bool, Never>] = [:]
    /// Per chat tab: typing notices go to its engine at most once a second.
    private var typingHandOvers: [String: TypingHandOver] = [:]
    /// True once the live chats were handed back on the way out.
    private var quitting = false
    /// How long leaving waits for the desk to take the chats back.
    static let handBackLimit: Duration = .seconds(5)

    /// Creates the console; nothing touches the terminal until ``run()``.
    public init(options: TerminalUIOptions, agentName: String, actions: AgentConsoleActions) {
        self.options = options
        self.agentName = agentName
        self.actions = actions
    }

    /// Runs the console until the agent quits; restores the terminal on every exit path.
    public func run() async -> TerminalExit {
        guard let screen = TerminalScreen.start(color: options.color, mouse: options.mouse, environment: options.environment)
        else { return .terminalUnavailable }
        defer { screen.stop() }
        let look = ScreenLook(monochromeTerminal: screen.monochrome, themeName: options.themeName)
        let (terminal, painter) = (screen.terminal, screen.painter)
        var state = AgentConsoleState(agentName: agentName)
        state.size = terminal.size
        let loop = TerminalEventLoop<Input>()
        let queue = actions.queue
        tasks.append(Task {
            while !Task.isCancelled {
                loop.post(.queue(await queue()))
                try? await Task.sleep(for: .seconds(1))
            }
        })
        defer {
            for sink in sinks.values { sink.finish() }
            for task in tasks { task.cancel() }
            for task in accepts.values { task.cancel() }
        }
        var dirty = true
        var lastAnimationKey: ChatScreen.AnimationKey?
        await loop.run {
            let turn = loop.turn(terminal)
            let now = turn.now
            for key in turn.keys {
                dirty = true
                if key == .resize {
                    state.size = terminal.size
                    for index in state.tabs.indices { _ = Reducer.reduce(&state.tabs[index].ui, .resize(state.tabSize), now: now) }
                    painter.invalidate()
                    continue
                }
                for effect in state.handle(key, now: now) {
                    if self.perform(effect, state: &state, loop: loop, screen: screen) { return .finish }
                }
            }
            for input in turn.posted {
                dirty = true
                self.apply(input, state: &state, loop: loop, screen: screen, look: look, now: now)
            }
            if self.quitting { return .finish }
            var animationKey: ChatScreen.AnimationKey?
            if let index = state.active, state.tabs.indices.contains(index) {
                _ = Reducer.reduce(&state.tabs[index].ui, .tick, now: now)
                if state.tabs[index].ui.dirty { dirty = true }
                animationKey = ChatScreen.animationKey(state.tabs[index].ui, now: now)
            }
            if (dirty || animationKey != lastAnimationKey) && loop.mayDraw(turn) {
                screen.draw(
                    AgentConsoleFrame.build(state, now: now, palette: look.palette),
                    title: "Helpline agent \(self.agentName) — \(state.queue.count) waiting")
                for index in state.tabs.indices { state.tabs[index].ui.dirty = false }
                dirty = false
                lastAnimationKey = animationKey
                loop.drew(turn)
            }
            if turn.postedWaiting { return .again }
            return .wait(until: self.nextWake(state, dirty: dirty, frames: loop.frames))
        }
        return .quit
    }

    /// When the console next changes by time alone: the shown chat's clock, dots and hints (see
    /// ``ChatScreen/nextWake(_:now:lastFrame:)``), or a frame the clock held back.
    private func nextWake(_ state: AgentConsoleState, dirty: Bool, frames: FrameClock) -> Date {
        let now = Date()
        var next = now.addingTimeInterval(60)
        if let index = state.active, state.tabs.indices.contains(index) {
            next = ChatScreen.nextWake(state.tabs[index].ui, now: now, lastFrame: frames.lastFrame)
        }
        if dirty { next = min(next, frames.nextFrame) }
        return max(next, now)
    }

    /// Carries out one console effect; true when the console should quit.
    private func perform(
        _ effect: AgentConsoleEffect, state: inout AgentConsoleState, loop: TerminalEventLoop<Input>,
        screen: TerminalScreen
    ) -> Bool {
        switch effect {
        case .quit:
            return true
        case .handBackAndQuit(let contactIds):
            // Each chat goes back to the queue (bounded: a desk that does not answer does not keep the agent).
            let (release, limit, accepts) = (actions.release, Self.handBackLimit, accepts)
            tasks.append(Task {
                await withTaskGroup(of: Bool.self) { group in
                    for id in contactIds {
                        group.addTask {
                            // A chat still being accepted is handed back once the desk has given it to us.
                            if let accept = accepts[id], await !accept.value { return true }
                            _ = await release(id)
                            return true
                        }
                    }
                    group.addTask { try? await Task.sleep(for: limit); return false }
                    var left = contactIds.count
                    while left > 0, let released = await group.next(), released { left -= 1 }
                    group.cancelAll()
                }
                loop.post(.handedBack)
            })
        case .suspend:
            if case .notice(let text) = screen.carryOut(.suspend) { state.notice = text }
        case .accept(let id):
            let accept = actions.accept
            accepts[id] = Task {
                let result = await accept(id)
                loop.post(.accepted(id: id, result))
                if case .success = result { return true }
                return false
            }
        case .release(let id):
            let release = actions.release
            tasks.append(Task { loop.post(.released(id: id, await release(id))) })
        case .tab(let id, let effects):
            for effect in effects {
                if let onScreen = effect.onScreen {
                    // A redraw needs nothing more: the console draws after every key anyway.
                    if case .notice(let text) = screen.carryOut(onScreen) { notice(text, tab: id, state: &state) }
                    continue
                }
                switch effect {
                case .send(let command):
                    if typingHandOvers[id, default: TypingHandOver()].admits(command, at: Date()) { sinks[id]?.yield(command) }
                case .exit: notice("/new is not available in the agent console: /close closes this tab, Alt-0 shows the queue.", tab: id, state: &state)
                case .editDraft, .bareView:
                    notice("That is not available in the agent console.", tab: id, state: &state)
                case .repaint, .suspend, .bell, .notify, .export, .openURL:
                    break  // carried out by the screen above
                }
            }
        }
        return false
    }

    /// Applies something that arrived from the desk or a chat session.
    private func apply(
        _ input: Input, state: inout AgentConsoleState, loop: TerminalEventLoop<Input>, screen: TerminalScreen,
        look: ScreenLook, now: Date
    ) {
        switch input {
        case .queue(.success(let rows)):
            state.updateQueue(rows)
        case .queue(.failure(let failure)):
            state.notice = failure.message
        case .engine(let id, let event):
            for effect in state.apply(event, to: id, now: now) where effect == .bell { _ = screen.carryOut(.bell) }
        case .accepted(let id, .failure(let failure)):
            accepts[id] = nil
            state.accepting = state.accepting == id ? nil : state.accepting
            state.notice = failure.message
        case .accepted(let id, .success(let handle)):
            accepts[id] = nil
            state.accepting = nil
            state.notice = nil
            var tabOptions = options
            tabOptions.title = "Chat with \(handle.customerName)"
            tabOptions.inAgentConsole = true
            var ui = UIState(options: tabOptions, palette: look.palette, theme: look.theme)
            ui.size = state.tabSize
            let previous = state.tabs.filter { $0.contactId == id }.map(\.id)
            let key = state.openTab(contactId: id, customerName: handle.customerName, ui: ui)
            for old in previous { sinks.removeValue(forKey: old)?.finish() }
            let (commands, sink) = AsyncStream<ChatCommand>.makeStream()
            sinks[key] = sink
            let send = handle.send
            tasks.append(Task.detached { for await command in commands { await send(command) } })
            tasks.append(loop.forward(handle.events) { .engine(id: key, $0) })
        case .released(let id, .success):
            let key = state.markReleased(contactId: id) ?? id
            notice("Handed back to the bot. /close closes this tab.", tab: key, state: &state)
        case .released(let id, .failure(let failure)):
            let key = state.tabs.last { $0.contactId == id }?.id ?? id
            notice("Could not hand the chat back: \(failure.message)", tab: key, state: &state)
        case .handedBack:
            quitting = true
        }
    }

    private func notice(_ text: String, tab id: String, state: inout AgentConsoleState) {
        guard let index = state.tabs.firstIndex(where: { $0.id == id }) else {
            state.notice = text
            return
        }
        _ = Reducer.reduce(&state.tabs[index].ui, .notice(text), now: Date())
    }
}
