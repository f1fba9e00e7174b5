import ChatModel
import Foundation
import MarkdownANSI

/// The full-screen ncurses chat: status bar, transcript, typing line and composer.
///
/// Input, engine events, ticks and resizes are merged into one queue of ``UIEvent``s, applied by
/// the pure ``Reducer`` to one ``UIState``; frames are drawn on a clock (at most ~60 per second,
/// coalesced; a frame answering a key is drawn at once) with a single `doupdate()` each. The loop
/// sleeps until something happens: an ``InputWatcher`` thread reports readable input (the keys are
/// then read with curses on the main actor), the engine publishes, or the next time-driven change
/// is due (clock minute, countdown second, typing dots, a pending frame).
@MainActor
public final class ChatTerminalApp {
    /// Shortest time between two frames that no key asked for.
    nonisolated static let frameInterval: TimeInterval = 1.0 / 60.0
    /// Poll interval of loops that still poll for keys (the agent console); this app waits on an ``InputWatcher``.
    static let pollInterval: Duration = .milliseconds(10)

    private let options: TerminalUIOptions
    private let events: AsyncStream<ChatEvent>
    private let send: @Sendable (ChatCommand) async -> Void
    private var inbox: [UIEvent] = []
    private let wakeup = WakeSignal()

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
        guard let screen = ScreenSetup.start(options) else { return .quit }
        let (terminal, palette, theme) = (screen.terminal, screen.palette, screen.theme)
        defer { terminal.stop() }
        let painter = CursesPainter(colorMode: terminal.colorMode)
        defer { painter.tearDown() }
        var state = UIState(options: options, palette: palette, theme: theme)
        state.size = terminal.size
        let historyPath = HistoryFile.path(profile: options.profile, environment: options.environment)
        state.composer.loadHistory(HistoryFile.load(from: historyPath))
        var savedHistory = state.composer.history
        defer { if state.composer.history != savedHistory { HistoryFile.save(state.composer.history, to: historyPath) } }

        let (commands, commandSink) = AsyncStream<ChatCommand>.makeStream()
        let send = self.send
        let sender = Task {
            for await command in commands { await send(command) }
        }
        let pump = Task { [events] in
            for await event in events {
                self.inbox.append(.engine(event))
                self.wakeup.signal()
            }
            self.inbox.append(.engineFinished)
            self.wakeup.signal()
        }
        let watcher = InputWatcher()
        watcher.forwardResizes()
        watcher.start { [wakeup] in wakeup.signal() }
        defer {
            watcher.stop()
            pump.cancel()
            commandSink.finish()
            sender.cancel()
        }

        // Let the pump take what the engine has already published (its replay), so the first
        // frame shows the chat as it is rather than an empty "offline" screen.
        await Task.yield()
        var decoder = KeyDecoder()
        var bare: BareView?
        var lastFrame = Date.distantPast
        var lastAnimationKey = ""
        while true {
            if let view = bare {
                // Copy mode: curses is suspended; engine events still update the state.
                let pressed = view.finished()
                watcher.drained()
                if pressed {
                    view.close()
                    bare = nil
                    state.screenHidden = false
                    terminal.resume()
                    painter.invalidate()
                    state.dirty = true
                } else {
                    let batch = inbox
                    inbox = []
                    for event in batch {
                        for effect in Reducer.reduce(&state, event, now: Date()) {
                            if case .send(let command) = effect { commandSink.yield(command) }
                            if case .notify(let title, let body) = effect { terminal.notify(title: title, body: body) }
                        }
                    }
                    await wakeup.wait(until: nil)
                    continue
                }
            }
            let inputs = terminal.readInputs()
            watcher.drained()
            var keyEvents: [UIEvent] = []
            for input in inputs {
                for key in decoder.feed(input) {
                    // After a resize every window is drawn again (the painter skips unchanged ones).
                    if key == .resize { painter.invalidate() }
                    keyEvents.append(keyEvent(key, terminal: terminal))
                }
            }
            for key in decoder.endOfInput() { keyEvents.append(keyEvent(key, terminal: terminal)) }

            // Keys go first: their echo is drawn before engine events that are still waiting
            // (a streamed chunk), which are applied right after, on the frame clock.
            let keysFirst = !keyEvents.isEmpty && !inbox.isEmpty
            let now = Date()
            let batch: [UIEvent]
            if keysFirst {
                batch = keyEvents + [.tick]
            } else {
                batch = inbox + keyEvents + [.tick]
                inbox = []
            }
            for event in batch {
                for effect in Reducer.reduce(&state, event, now: now) {
                    switch effect {
                    case .send(let command):
                        commandSink.yield(command)
                    case .exit(let result):
                        return result
                    case .export(let path, let contents):
                        inbox.append(.notice(TranscriptExport.write(contents, to: path)))
                    case .repaint:
                        painter.invalidate()
                        state.dirty = true
                    case .bell:
                        terminal.bell()
                    case .notify(let title, let body):
                        terminal.notify(title: title, body: body)
                    case .suspend:
                        // Only a job of its own (a shell with job control) can be continued.
                        if getpgrp() == getpid() {
                            terminal.suspendProcess()
                            painter.invalidate()
                            state.dirty = true
                        } else {
                            inbox.append(.notice("Ctrl-Z needs a shell with job control; /quit leaves."))
                        }
                    case .editDraft(let draft):
                        terminal.suspend()
                        let edited = ExternalEditor.edit(draft, environment: options.environment)
                        terminal.resume()
                        painter.invalidate()
                        inbox.append(.draftEdited(edited))
                    case .openURL(let url):
                        inbox.append(.notice(LinkOpener.open(url, environment: options.environment)))
                    case .bareView:
                        bare = BareView(lines: BareView.transcriptLines(state), terminal: terminal)
                        state.screenHidden = true
                    }
                }
            }

            if state.composer.history.count != savedHistory.count || state.composer.history.last != savedHistory.last {
                HistoryFile.save(state.composer.history, to: historyPath)
                savedHistory = state.composer.history
            }

            let animationKey = Self.animationKey(state, now: now)
            // A key's echo is drawn at once; engine-driven changes wait for the frame clock.
            if bare == nil && (state.dirty || animationKey != lastAnimationKey)
                && (!inputs.isEmpty || now.timeIntervalSince(lastFrame) >= Self.frameInterval) {
                painter.paint(FrameBuilder.build(state, now: now, palette: palette))
                terminal.setTitle(Self.windowTitle(state))
                state.dirty = false
                lastAnimationKey = animationKey
                lastFrame = now
            }
            if keysFirst { continue }
            if bare == nil { await wakeup.wait(until: Self.nextWake(state, now: Date(), lastFrame: lastFrame)) }
        }
    }

    /// When the screen next changes by time alone (or a coalesced frame is due): the clock's next
    /// minute, the countdown's next second, the typing dots' next step, a hint or a wait expiring.
    nonisolated static func nextWake(_ state: UIState, now: Date, lastFrame: Date) -> Date {
        let epsilon = 0.001
        let seconds = now.timeIntervalSince1970
        var next = Date(timeIntervalSince1970: (seconds / 60).rounded(.down) * 60 + 60 + epsilon)
        func consider(_ date: Date) { if date < next { next = date } }
        if state.dirty { consider(lastFrame.addingTimeInterval(frameInterval)) }
        if case .reconnecting = state.connection {
            consider(Date(timeIntervalSince1970: seconds.rounded(.down) + 1 + epsilon))
        }
        if !state.typing.isEmpty {
            let step = (now.timeIntervalSinceReferenceDate * 3).rounded(.down) + 1
            consider(Date(timeIntervalSinceReferenceDate: step / 3 + epsilon))
        }
        if let hint = state.hint { consider(hint.until) }
        if let since = state.loadingOlderSince { consider(since.addingTimeInterval(Reducer.loadOlderTimeout)) }
        return max(next, now)
    }

    private func keyEvent(_ key: Key, terminal: CursesTerminal) -> UIEvent {
        key == .resize ? .resize(terminal.size) : .key(key)
    }

    /// The terminal window title: app title, who we talk to, unread count.
    nonisolated static func windowTitle(_ state: UIState) -> String {
        var title = state.options.title
        if let partner = state.partner { title += " — " + partner.displayName }
        let unread = max(state.unreadCount, state.awayCount)
        if unread > 0 { title += " (\(unread) new)" }
        if state.chatIsOver { title += " — ended" }
        return title
    }

    /// What changes on screen with time alone: clock minute, countdown second, typing dots.
    private static func animationKey(_ state: UIState, now: Date) -> String {
        var key = String(Int(now.timeIntervalSince1970) / 60)
        if case .reconnecting = state.connection { key += "r" + String(Int(now.timeIntervalSince1970)) }
        if !state.typing.isEmpty { key += "t" + String(Int(now.timeIntervalSinceReferenceDate * 3)) }
        return key
    }
}
