import Foundation
import Synchronization

/// Runs a ``ProgramModel`` on a ``TerminalBackend``: the one loop of every full-screen program.
///
/// Each turn reads the keys that are there and applies them — or, with no key, the posted
/// messages that are due — then a tick; carries out the effects the model answered with (their
/// answers come back as events); builds the view and draws it when it differs from what is on the
/// screen; then hands the turn's outputs to the outlet, after the frame, so the thread that takes
/// them does not run before the echo is drawn.
///
/// Keys are applied and drawn at once, alone; posted messages are applied when the ``FrameClock``
/// allows a frame, so a burst (a streamed reply) coalesces into ≤ 60 frames a second and a key's
/// frame never carries engine changes unless a key came while their frame was being made: that
/// frame then gives way, and the key's echo goes first.
///
/// Live, ``run()`` hands the turn to the terminal thread (``TerminalExecutor``), which sleeps in
/// `poll(2)` and calls it when a key, a post, a resize or the model's next change comes; nothing
/// polls on a timer. In tests, ``turn(now:)`` is called directly on a ``TestBackend``.
@TerminalActor
package final class Program<Model: ProgramModel> {
    /// The model as it stands.
    package private(set) var model: Model
    private let backend: any TerminalBackend
    private let outlet: (Model.Output) -> Void
    private let inbox = ProgramInbox<Model.Message>()
    private var frames = FrameClock()
    /// What the backend shows (nil: unknown, the next frame is drawn whole).
    private var drawn: (frame: Frame, title: String)?
    /// Events were applied since the last frame was built (a frame the clock held back is due).
    private var unshown = true
    private var namedJobs: [String: Task<Void, Never>] = [:]
    private var jobs: [Task<Void, Never>] = []
    private var outgoing: [Model.Output] = []
    private var started = false
    private var inPlainView = false
    /// A termination signal came while the editor ran: nothing more is drawn or read.
    private var halted = false
    /// The model asked to quit.
    package private(set) var isFinished = false
    /// The last turn's frame gave way to input: this turn's does not, whatever the input reads as
    /// (bytes that decode to no key, a hung-up terminal), so frames are never held back for long.
    private var gaveWayLastTurn = false
    private var heapTrim: HeapTrim
    private let trace: KeyPathTrace?

    /// A program for `model` on `backend`; `outlet` takes its outputs (on the terminal thread: it
    /// must only hand them over). `trace` times the key path; `heapTrim` gives memory back when idle.
    package init(
        _ model: Model, backend: any TerminalBackend, outlet: @escaping (Model.Output) -> Void,
        trace: KeyPathTrace? = nil, heapTrim: HeapTrim = HeapTrim()
    ) {
        self.model = model
        self.backend = backend
        self.outlet = outlet
        self.trace = trace
        self.heapTrim = heapTrim
    }

    /// Hands `message` to the program, as its jobs do (from any thread).
    package nonisolated func post(_ message: Model.Message) {
        inbox.post(message)
    }

    /// True while posted messages wait to be applied.
    package var hasPosted: Bool { inbox.hasItems }

    /// Runs the program on the terminal thread until the model quits; cancels its jobs after.
    package func run() async {
        let executor = TerminalExecutor.shared
        executor.forwardResizes()
        inbox.setWake { executor.wake() }
        startIfNeeded(now: Date())
        // Let the jobs take what is there already (an engine's replay), so the first frame shows
        // the chat as it is rather than an empty screen.
        await Task.yield()
        await executor.drive { [self] in
            TerminalActor.assumeIsolated { step() }
        }
        stop()
    }

    /// Cancels every job (the program is over, or a test is done with it).
    package func stop() {
        for task in namedJobs.values { task.cancel() }
        for task in jobs { task.cancel() }
        namedJobs = [:]
        jobs = []
    }

    private func step() -> TerminalExecutor.Next {
        switch turn(now: Date()) {
        case .wait(let deadline): return .sleep(until: deadline)
        case .again: return .again
        case .finish: return .stop
        }
    }

    /// One turn at `now`; says when the next is due.
    package func turn(now: Date) -> LoopStep {
        defer { trace?.turnEnded(wokeAt: TerminalExecutor.shared.lastWake) }
        startIfNeeded(now: now)
        if isFinished { return .finish }
        if halted { return .wait(until: nil) }
        // A key that closed copy mode is answered with a frame at once, as any key is.
        var answersKey = false
        if inPlainView {
            guard backend.plainViewClosed() else {
                // Copy mode covers the screen: messages still change the model, nothing is drawn.
                for message in inbox.takeAll() { apply(.message(message), now: now) }
                handOver()
                return isFinished ? .finish : .wait(until: nil)
            }
            inPlainView = false
            drawn = nil
            answersKey = true
            apply(.plainViewClosed, now: now)
        }
        let keys = backend.readKeys()
        answersKey = answersKey || !keys.isEmpty
        if let trace, !keys.isEmpty { trace.keysRead(wokeAt: TerminalExecutor.shared.lastWake) }
        // A letter typed at the end of the draft shows at once; its frame follows.
        let echo = keys.isEmpty ? nil : reading { $0.echoAhead(for: keys) }
        var echoed = false
        if let echo { echoed = backend.echoAhead(echo) }
        trace?.echoed(echoed)
        let due = inbox.hasItems && frames.allows(at: now, forKeys: false)
        var events: [ProgramEvent<Model.Message>] = []
        if keys.isEmpty, due { events = inbox.takeAll().map { .message($0) } }
        let messages = events.count
        for key in keys {
            if key == .resize {
                // After a resize every window is drawn again.
                backend.invalidate()
                drawn = nil
                events.append(.resized(backend.size))
            } else {
                events.append(.key(key))
            }
        }
        events.append(.tick)
        for event in events {
            apply(event, now: now)
            if isFinished {
                handOver()
                return .finish
            }
            if halted { return .wait(until: nil) }
        }
        unshown = true
        trace?.mark()
        var gaveWay = false
        if !inPlainView, frames.allows(at: now, forKeys: answersKey) {
            gaveWay = !draw(now: now, force: echo != nil, givesWayToKeys: !answersKey && !gaveWayLastTurn)
            if !answersKey, !gaveWay { frames.drew(at: now) }
        }
        trace?.finishLine()
        handOver()
        gaveWayLastTurn = gaveWay
        if gaveWay || (!keys.isEmpty && due) { return .again }
        heapTrim.turn(applying: messages)
        var wake = reading { $0.nextChange(after: now) } ?? .distantFuture
        if unshown || inbox.hasItems { wake = min(wake, frames.nextFrame) }
        if wake.timeIntervalSince(now) > 1, let trimAt = heapTrim.idle(at: now) { wake = min(wake, trimAt) }
        return .wait(until: wake == .distantFuture ? nil : max(wake, now))
    }

    /// Builds the view and draws it if it differs from what the screen shows.
    ///
    /// A frame no key asked for (`givesWayToKeys`: a streamed reply's) gives way to a key that came
    /// while it was being made, before it is built and again before it is painted: it returns false
    /// and draws nothing, the next turn echoes the key first and its frame shows both. The view built
    /// meanwhile is not lost: the rows it laid out stay in the layout cache.
    private func draw(now: Date, force: Bool, givesWayToKeys: Bool) -> Bool {
        if givesWayToKeys, backend.hasPendingInput { return false }
        let (frame, title) = reading { ($0.view(now: now), $0.title) }
        trace?.mark()
        if givesWayToKeys, backend.hasPendingInput { return false }
        if force || drawn?.frame != frame || drawn?.title != title {
            backend.draw(frame, title: title)
            drawn = (frame, title)
        }
        trace?.mark()
        unshown = false
        return true
    }

    private func startIfNeeded(now: Date) {
        guard !started else { return }
        started = true
        carryOut(model.start(now: now), now: now)
    }

    private func apply(_ event: ProgramEvent<Model.Message>, now: Date) {
        carryOut(model.update(event, now: now), now: now)
    }

    private func carryOut(_ effects: [ProgramEffect<Model.Message, Model.Output>], now: Date) {
        for effect in effects {
            switch effect {
            case .output(let output):
                outgoing.append(output)
            case .screen(let screenEffect):
                switch backend.carryOut(screenEffect) {
                case .done: break
                case .redraw: drawn = nil
                case .notice(let text): apply(.notice(text), now: now)
                }
            case .run(let job):
                launch(job)
            case .cancel(let name):
                namedJobs.removeValue(forKey: name)?.cancel()
            case .perform(let work):
                work()
            case .editText(let text):
                let answer = backend.edit(text)
                if case .interrupted = answer { halted = true } else { drawn = nil }
                apply(.edited(answer), now: now)
            case .showPlain(let lines):
                backend.showPlain(lines)
                inPlainView = true
            case .quit:
                isFinished = true
            }
        }
    }

    private func launch(_ job: ProgramJob<Model.Message>) {
        let inbox = inbox
        let post = ProgramPost<Model.Message> { inbox.post($0) }
        let body = job.body
        let task = Task { await body(post) }
        if let name = job.name {
            namedJobs.updateValue(task, forKey: name)?.cancel()
        } else {
            jobs.append(task)
        }
    }

    /// Reads the model in place: a plain `model.view(now:)` on this class's property copies the
    /// whole model first (every array and string in it retained and released), on every turn.
    private func reading<Result>(_ body: (inout Model) -> Result) -> Result {
        body(&model)
    }

    /// Hands the turn's outputs to the outlet, oldest first, less those a later one made redundant.
    private func handOver() {
        guard !outgoing.isEmpty else { return }
        let batch = reading { $0.coalesced(outgoing) }
        outgoing = []
        for output in batch { outlet(output) }
    }
}

/// The program's inbox: posted from any thread, taken on the terminal thread; the first message
/// into an empty inbox wakes the loop.
private final class ProgramInbox<Message: Sendable>: Sendable {
    private struct State {
        var messages: [Message] = []
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    /// How many messages wait, readable without the lock (or the generic state's metadata).
    private let waiting = Atomic<Int>(0)

    func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    func post(_ message: Message) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.messages.append(message)
            waiting.store(state.messages.count, ordering: .relaxed)
            return state.messages.count == 1 ? state.wake : nil
        }
        wake?()
    }

    var hasItems: Bool { waiting.load(ordering: .relaxed) > 0 }

    func takeAll() -> [Message] {
        state.withLock { state in
            defer {
                state.messages = []
                waiting.store(0, ordering: .relaxed)
            }
            return state.messages
        }
    }
}
