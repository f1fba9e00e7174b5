import ChatModel
import ChatUI
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The full-screen ncurses chat: status bar, transcript, typing line and composer.
///
/// Input, engine events, ticks and resizes are merged into one queue of ``UIEvent``s, applied by
/// the pure ``Reducer`` to one ``UIState``; frames are drawn on a ``FrameClock`` (at most ~60 per
/// second, coalesced; a frame answering a key is drawn at once) with a single `doupdate()` each.
/// The loop (``TerminalEventLoop``) sleeps in the terminal thread's `poll(2)` until a key arrives,
/// the engine publishes, or the next time-driven change is due (clock minute, countdown second,
/// typing dots, a pending frame); keys are read with curses on that same thread.
@TerminalActor
public final class ChatTerminalApp {
    private let options: TerminalUIOptions
    private let events: AsyncStream<ChatEvent>
    private let send: @Sendable (ChatCommand) async -> Void

    /// Creates the app; nothing touches the terminal until ``run()``.
    public init(
        options: TerminalUIOptions,
        events: AsyncStream<ChatEvent>,
        send: @escaping @Sendable (ChatCommand) async -> Void
    ) {
        self.options = options
        self.events = events
        self.send = send
    }

    /// Runs the full-screen UI until the user quits; restores the terminal on every exit path.
    public func run() async -> TerminalExit {
        guard let screen = TerminalScreen.start(color: options.color, mouse: options.mouse, environment: options.environment)
        else { return .terminalUnavailable }
        defer { screen.stop() }
        let (terminal, painter) = (screen.terminal, screen.painter)
        let look = ScreenLook(monochromeTerminal: screen.monochrome, themeName: options.themeName)
        let palette = look.palette
        var state = UIState(options: options, palette: palette, theme: look.theme)
        state.size = terminal.size
        let historyPath = HistoryFile.path(profile: options.profile, environment: options.environment)
        state.composer.loadHistory(HistoryFile.load(from: historyPath))
        var savedHistory = state.composer.history
        var heapTrim = HeapTrim()
        defer { if state.composer.history != savedHistory { HistoryFile.save(state.composer.history, to: historyPath) } }

        let loop = TerminalEventLoop<UIEvent>()
        let trace = KeyPathTrace(environment: options.environment)
        let (commands, commandSink) = AsyncStream<ChatCommand>.makeStream()
        let send = self.send
        // Commands go out from the cooperative pool: the terminal thread only hands them over.
        let sender = Task.detached {
            for await command in commands { await send(command) }
        }
        let pump = loop.forward(events, { .engine($0) }, finished: .engineFinished)
        defer {
            pump.cancel()
            commandSink.finish()
            sender.cancel()
        }

        // Let the pump take what the engine has already published (its replay), so the first
        // frame shows the chat as it is rather than an empty "offline" screen.
        await Task.yield()
        var bare: BareView?
        var lastAnimationKey: ChatScreen.AnimationKey?
        var outcome = TerminalExit.quit
        var typingHandOver = TypingHandOver()
        // One turn, on the state passed in place: read through the closure's captured variable,
        // every use copied the whole state and checked exclusive access at run time.
        func takeTurn(_ state: inout UIState) -> LoopStep {
            if let view = bare {
                // Copy mode: curses is suspended; engine events still update the state.
                if view.finished() {
                    view.close()
                    bare = nil
                    state.screenHidden = false
                    terminal.resume()
                    painter.invalidate()
                    state.dirty = true
                } else {
                    for event in loop.takePosted() {
                        for effect in Reducer.reduce(&state, event, now: Date()) {
                            if case .send(let command) = effect { commandSink.yield(command) }
                            if case .notify(let title, let body) = effect { terminal.notify(title: title, body: body) }
                        }
                    }
                    return .wait(until: nil)
                }
            }
            let turn = loop.turn(terminal)
            if let trace, !turn.keys.isEmpty { trace.keysRead(wokeAt: loop.lastWake) }
            // A letter typed at the end of the draft shows at once; its frame follows.
            if bare == nil, let echo = EchoAhead.text(for: turn.keys, in: state) { painter.echoAhead(echo) }
            let now = turn.now
            var batch = turn.posted
            for key in turn.keys {
                // After a resize every window is drawn again (the painter skips unchanged ones).
                if key == .resize { painter.invalidate() }
                batch.append(self.keyEvent(key, terminal: terminal))
            }
            batch.append(.tick)
            // Commands (a typing notice, a message) go out after the frame: handing one over wakes
            // a thread of the pool, which should not run before the echo is drawn.
            var outgoing: [ChatCommand] = []
            for event in batch {
                for effect in Reducer.reduce(&state, event, now: now) {
                    if let onScreen = effect.onScreen {
                        switch screen.carryOut(onScreen) {
                        case .done: break
                        case .redraw: state.dirty = true
                        case .notice(let text): loop.post(.notice(text))
                        }
                        continue
                    }
                    switch effect {
                    case .send(let command):
                        outgoing.append(command)
                    case .exit(let result):
                        for command in outgoing { commandSink.yield(command) }
                        outcome = result
                        return .finish
                    case .editDraft(let draft):
                        terminal.suspend()
                        let edited = ExternalEditor.edit(draft, environment: self.options.environment)
                        if ProcessSpawner.signalDuringRun() != nil {
                            // Terminated while editing: the draft is kept in the input history
                            // (Up brings it back next time), then the signal ends the UI.
                            state.composer.remember(edited ?? draft)
                            HistoryFile.save(state.composer.history, to: historyPath)
                            StandardStreams.err("helpline: your draft is kept in the input history (Up arrow in the next chat)")
                            return .wait(until: nil)
                        }
                        terminal.resume()
                        painter.invalidate()
                        loop.post(.draftEdited(edited))
                    case .bareView:
                        bare = BareView(lines: CopyModeText.lines(state), terminal: terminal)
                        state.screenHidden = true
                    case .export, .repaint, .bell, .notify, .suspend, .openURL:
                        break  // carried out by the screen above
                    }
                }
            }

            if state.composer.history.count != savedHistory.count || state.composer.history.last != savedHistory.last {
                HistoryFile.save(state.composer.history, to: historyPath)
                savedHistory = state.composer.history
            }

            let animationKey = ChatScreen.animationKey(state, now: now)
            trace?.mark()
            // A key's echo is drawn at once; engine-driven changes wait for the frame clock.
            if bare == nil && (state.dirty || animationKey != lastAnimationKey) && loop.mayDraw(turn) {
                let frame = FrameBuilder.build(state, now: now, palette: palette)
                trace?.mark()
                screen.draw(frame, title: ChatScreen.windowTitle(state))
                trace?.mark()
                state.dirty = false
                lastAnimationKey = animationKey
                loop.drew(turn)
            }
            trace?.finishLine()
            for command in outgoing where typingHandOver.admits(command, at: now) {
                commandSink.yield(command)
            }
            if turn.postedWaiting || bare != nil { return .again }
            heapTrim.turn()
            let idleAt = Date()
            let wake = ChatScreen.nextWake(state, now: idleAt, lastFrame: loop.frames.lastFrame)
            if wake.timeIntervalSince(idleAt) > 1, let trimAt = heapTrim.idle(at: idleAt) { return .wait(until: min(wake, trimAt)) }
            return .wait(until: wake)
        }
        await loop.run { takeTurn(&state) }
        return outcome
    }

    private func keyEvent(_ key: Key, terminal: CursesTerminal) -> UIEvent {
        key == .resize ? .resize(terminal.size) : .key(key)
    }
}
