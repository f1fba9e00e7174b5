import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A serial executor on a thread of its own that, when it has no job to run, sleeps in `poll(2)`
/// on a wake-up pipe and — while a loop is driven — the terminal's input.
///
/// This is the full-screen UI's one event loop. A UI loop hands it a turn (``drive(_:)``): when
/// `poll` reports input, a ``wake()`` came, or the turn's deadline passed, the thread calls the
/// turn directly — no task is resumed, no other thread is woken, so a key press costs one wake-up
/// (`poll` returning) before it is read, reduced and drawn. Jobs enqueued from other threads
/// (engine events, timers, signals) write a byte to the pipe only when the thread is asleep.
/// Every curses call runs here (``TerminalActor``).
final class TerminalExecutor: SerialExecutor, Sendable {
    /// What a turn asks for next.
    enum Next: Sendable {
        /// Call the turn again after input, a wake-up, or at the deadline (never, when nil).
        case sleep(until: Date?)
        /// Call the turn again at once (after queued jobs ran).
        case again
        /// The loop is over: ``drive(_:)`` returns.
        case stop
    }

    /// A loop turn; runs on the executor's thread.
    typealias Turn = @Sendable () -> Next

    /// What the executor's thread and the enqueuing threads share.
    private struct Shared {
        var jobs: [UnownedJob] = []
        /// True while the thread is (about to be) in `poll`: an enqueue must write to the pipe.
        var sleeping = false
        /// ``wake()`` was called (or input arrived, or the terminal was resized) since the last turn.
        var woken = false
        var turn: Turn?
        var deadline: Date?
        var finished: CheckedContinuation<Void, Never>?
    }

    /// What the thread does next.
    private enum Step {
        case run([UnownedJob])
        case turn(Turn)
        case sleep(deadline: Date?, watchInput: Bool)
    }

    /// Byte written to the pipe for a job or a ``wake()`` from another thread.
    static let pokeByte: UInt8 = 1
    /// Byte the SIGWINCH handler writes: wakes the waiting loop (curses then reads KEY_RESIZE).
    static let resizeByte: UInt8 = 2
    /// Byte the SIGTSTP handler writes: wakes the waiting loop, which then suspends the UI.
    static let stopByte: UInt8 = 3

    /// The terminal's executor, watching standard input.
    static let shared: TerminalExecutor = {
        let executor = TerminalExecutor(input: STDIN_FILENO, name: "helpline-tty")
        executor.start()
        return executor
    }()

    private let shared = Mutex(Shared())
    private let loopThread = Atomic<UInt>(0)
    private let wokeAt = Atomic<UInt64>(0)
    /// Read end, write end of the wake-up pipe (non-blocking, close-on-exec).
    let pipe: (read: Int32, write: Int32)
    private let input: Int32
    private let name: String

    /// An executor watching `input`; nothing runs until ``start()``.
    init(input: Int32, name: String) {
        var fds: [Int32] = [-1, -1]
        if Glibc.pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        pipe = (fds[0], fds[1])
        self.input = input
        self.name = name
    }

    /// Starts the thread (once); it runs for the rest of the process.
    func start() {
        let thread = Thread { [self] in
            Self.nameThisThread(name)
            run()
        }
        // Markdown rendering recurses; give this thread a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Names the calling thread as `top -H`, `perf` and `/proc/PID/task/*/comm` show it (Linux
    /// keeps 15 bytes); Foundation's `Thread.name` does not reach the kernel there.
    private static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let asleep = shared.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.sleeping = false }
            return state.sleeping
        }
        if asleep { poke(Self.pokeByte) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        precondition(isCurrent, "not on the \(name) thread")
    }

    /// When `poll` last returned (CLOCK_MONOTONIC nanoseconds), for ``KeyPathTrace``.
    var lastWake: UInt64 { wokeAt.load(ordering: .relaxed) }

    /// True on this executor's thread.
    var isCurrent: Bool { loopThread.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// Makes the driven loop take a turn (at once, or after the one running now); any thread.
    func wake() {
        let asleep = shared.withLock { state -> Bool in
            state.woken = true
            defer { state.sleeping = false }
            return state.sleeping
        }
        if asleep { poke(Self.pokeByte) }
    }

    /// Drives a loop: calls `turn` on this executor's thread now and then whenever the terminal
    /// has input, ``wake()`` is called, the terminal is resized, or the deadline the turn asked
    /// for passes — until it answers ``Next/stop``. One loop at a time.
    func drive(_ turn: @escaping Turn) async {
        await withCheckedContinuation { continuation in
            shared.withLock { state in
                state.turn = turn
                state.finished = continuation
                state.deadline = nil
                state.woken = true
            }
            wake()
        }
    }

    private func poke(_ byte: UInt8) {
        var byte = byte
        _ = Glibc.write(pipe.write, &byte, 1)
    }

    private func run() {
        loopThread.store(UInt(pthread_self()), ordering: .relaxed)
        let me = asUnownedSerialExecutor()
        var inputOpen = true
        var descriptors = [
            pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        ]
        var scratch = [UInt8](repeating: 0, count: 64)
        while true {
            switch nextStep() {
            case .run(let jobs):
                for job in jobs { job.runSynchronously(on: me) }
            case .turn(let turn):
                let next = turn()
                let finished = shared.withLock { state -> CheckedContinuation<Void, Never>? in
                    switch next {
                    case .sleep(let deadline):
                        state.deadline = deadline
                    case .again:
                        state.woken = true
                    case .stop:
                        state.turn = nil
                        state.deadline = nil
                        defer { state.finished = nil }
                        return state.finished
                    }
                    return nil
                }
                finished?.resume()
            case .sleep(let deadline, let watchInput):
                let watching = watchInput && inputOpen
                descriptors[0].revents = 0
                descriptors[1].revents = 0
                let ready = poll(&descriptors, watching ? 2 : 1, Self.timeout(until: deadline))
                wokeAt.store(KeyPathTrace.now(), ordering: .relaxed)
                var woke = false
                if ready > 0 && descriptors[0].revents != 0 {
                    while true {
                        let count = read(pipe.read, &scratch, scratch.count)
                        if count <= 0 { break }
                        if scratch[..<count].contains(where: { $0 == Self.resizeByte || $0 == Self.stopByte }) { woke = true }
                    }
                }
                if ready > 0 && watching && descriptors[1].revents != 0 {
                    woke = true
                    // Closed or broken input: report it once, then stop watching (the reader sees EOF).
                    if descriptors[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { inputOpen = false }
                }
                shared.withLock { state in
                    state.sleeping = false
                    if woke { state.woken = true }
                }
            }
        }
    }

    /// Jobs first; then the driven loop's turn, if something woke it; else sleep.
    private func nextStep() -> Step {
        shared.withLock { state -> Step in
            if !state.jobs.isEmpty {
                let jobs = state.jobs
                state.jobs = []
                return .run(jobs)
            }
            if let turn = state.turn, state.woken || (state.deadline.map { $0 <= Date() } ?? false) {
                state.woken = false
                state.deadline = nil
                return .turn(turn)
            }
            state.sleeping = true
            return .sleep(deadline: state.turn == nil ? nil : state.deadline, watchInput: state.turn != nil)
        }
    }

    /// `poll`'s timeout in whole milliseconds, rounded up (so the deadline has passed on return); -1 for none.
    static func timeout(until deadline: Date?) -> Int32 {
        guard let deadline else { return -1 }
        let milliseconds = (deadline.timeIntervalSinceNow * 1000).rounded(.up)
        return Int32(max(0, min(milliseconds, Double(Int32.max))))
    }
}
