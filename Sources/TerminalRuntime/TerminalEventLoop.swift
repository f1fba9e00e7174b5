import Foundation

/// When frames are drawn: at once for a key, otherwise at most ~60 a second, so a burst of engine
/// events (a streamed reply) coalesces into one frame.
package struct FrameClock {
    /// Shortest time between two frames that no key asked for.
    package static let interval: TimeInterval = 1.0 / 60.0
    /// When the last frame was drawn.
    package private(set) var lastFrame = Date.distantPast

    /// True when a frame may be drawn now: a key asked for it, or the interval has passed.
    func allows(at now: Date, forKeys: Bool) -> Bool {
        forKeys || now.timeIntervalSince(lastFrame) >= Self.interval
    }

    /// The earliest time the next frame that no key asked for may be drawn.
    package var nextFrame: Date { lastFrame.addingTimeInterval(Self.interval) }

    /// Records a frame drawn at `now`.
    mutating func drew(at now: Date) { lastFrame = now }
}

/// What an app's loop turn asks for next.
package enum LoopStep {
    /// Sleep until a key, a post, a resize or the deadline (never, when nil).
    case wait(until: Date?)
    /// Take another turn at once.
    case again
    /// The app is done.
    case finish
}

/// What one turn of a ``TerminalEventLoop`` hands to its app.
package struct LoopTurn<Input> {
    /// When the turn started.
    package let now: Date
    /// Keys read this turn, decoded.
    package let keys: [Key]
    /// Posted inputs to apply this turn (none while keys wait for their echo).
    package let posted: [Input]
    /// Posted inputs are due but were held back behind the keys' echo: turn again without waiting.
    package let postedWaiting: Bool
}

/// The input loop both full-screen apps (the chat and the agent console) run on.
///
/// Inputs that tasks ``post(_:)`` (engine events, replies from the desk) queue up; keys are read
/// with curses only when the terminal has input. ``run(_:)`` hands the app's turn to the terminal
/// thread (``TerminalExecutor``), which sleeps in `poll(2)` and calls the turn itself when a key,
/// a post, a resize or the turn's deadline comes. A key press so wakes one thread, which reads,
/// reduces and draws it in the same go; nothing polls on a timer.
///
/// Keys are applied and drawn at once, alone; posted inputs are applied when the ``FrameClock``
/// allows a frame, so a burst (a streamed reply) coalesces into ≤ 60 frames a second and a key's
/// frame never carries engine changes: only the regions the key changed are redrawn.
@TerminalActor
package final class TerminalEventLoop<Input: Sendable> {
    private var inbox: [Input] = []
    private var decoder = KeyDecoder()
    private let executor: TerminalExecutor
    private var step: (() -> LoopStep)?
    /// The clock of frames that no key asked for.
    package private(set) var frames = FrameClock()

    /// A loop on the terminal's executor; resizes (SIGWINCH) wake it. Create it after curses
    /// started (its SIGWINCH handler runs curses' own first).
    package init() {
        executor = .shared
        executor.forwardResizes()
    }

    /// Queues `input`; the first input into an empty queue wakes the loop (later ones are taken
    /// with it, when the frame clock allows).
    package func post(_ input: Input) {
        inbox.append(input)
        if inbox.count == 1 { executor.wake() }
    }

    /// Takes every posted input, oldest first, whatever the frame clock says.
    package func takePosted() -> [Input] {
        defer { inbox = [] }
        return inbox
    }

    /// Reads the keys that are there (without blocking) and takes the posted inputs that are due.
    package func turn(_ terminal: CursesTerminal) -> LoopTurn<Input> {
        var keys: [Key] = []
        if executor.takeStopRequest() {
            // SIGTSTP from outside: stop as Ctrl-Z does; back again, the size may have changed
            // and the screen must be drawn anew, as after a resize.
            terminal.suspendProcess()
            keys.append(.resize)
        }
        for input in terminal.readInputs() { keys += decoder.feed(input) }
        keys += decoder.endOfInput()
        let now = Date()
        let due = !inbox.isEmpty && frames.allows(at: now, forKeys: false)
        if !keys.isEmpty { return LoopTurn(now: now, keys: keys, posted: [], postedWaiting: due) }
        return LoopTurn(now: now, keys: [], posted: due ? takePosted() : [], postedWaiting: false)
    }

    /// True when a changed screen may be drawn now: at once for keys, else by the frame clock.
    package func mayDraw(_ turn: LoopTurn<Input>) -> Bool {
        frames.allows(at: turn.now, forKeys: !turn.keys.isEmpty)
    }

    /// Records a frame drawn for `turn` (frames answering keys do not hold the clock back).
    package func drew(_ turn: LoopTurn<Input>) {
        if turn.keys.isEmpty { frames.drew(at: turn.now) }
    }

    /// When the loop's thread last woke from `poll` (CLOCK_MONOTONIC nanoseconds).
    package var lastWake: UInt64 { executor.lastWake }

    /// Runs `step` on the terminal thread until it answers ``LoopStep/finish``: at once, then each
    /// time a key, a first post, a resize, its deadline or — while posted inputs wait — the next
    /// frame comes; a post made since the last turn makes the next one come at once.
    package func run(_ step: @escaping () -> LoopStep) async {
        self.step = step
        defer { self.step = nil }
        await executor.drive { [self] in
            TerminalActor.assumeIsolated { takeStep() }
        }
    }

    private func takeStep() -> TerminalExecutor.Next {
        guard let step else { return .stop }
        switch step() {
        case .wait(let deadline):
            guard !inbox.isEmpty else { return .sleep(until: deadline) }
            return .sleep(until: min(deadline ?? .distantFuture, frames.nextFrame))
        case .again:
            return .again
        case .finish:
            return .stop
        }
    }

    /// Posts every element of `events`, mapped by `transform`, then `finished` (if any), from a
    /// task on the terminal actor; cancel the task to stop.
    package func forward<Element: Sendable>(
        _ events: AsyncStream<Element>, _ transform: @escaping @Sendable (Element) -> Input, finished: Input? = nil
    ) -> Task<Void, Never> {
        Task {
            for await event in events { self.post(transform(event)) }
            if let finished, !Task.isCancelled { self.post(finished) }
        }
    }
}
