import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where SIGWINCH writes a byte (-1: nowhere); read by the signal handler.
private let resizePipe = Atomic<Int32>(-1)
/// The SIGWINCH handler curses installed (its bit pattern; 0 for none), called after ours.
private let cursesResizeHandler = Atomic<Int>(0)
/// True once our SIGWINCH handler is installed (once per process).
private let resizeHandlerInstalled = Atomic<Bool>(false)

/// Waits on a thread of its own until the terminal has input (or was resized), then tells the
/// main loop, which reads the keys with curses on the main actor.
///
/// The thread only calls `poll(2)`; it never calls curses and never reads the input. After each
/// report it waits until the main loop says it has drained the input (``drained()``), so pending
/// bytes do not make it spin. A pipe wakes it for a resize (SIGWINCH) and for ``stop()``.
final class InputWatcher: Sendable {
    private struct Shared {
        var awaitingDrain = false
        var stopped = false
    }

    private let shared = Mutex(Shared())
    private let resume = DispatchSemaphore(value: 0)
    /// Read end, write end of the wake-up pipe.
    private let pipe: (read: Int32, write: Int32)
    private let input: Int32

    /// Creates a watcher for `input` (standard input by default); nothing runs until ``start(_:)``.
    init(input: Int32 = STDIN_FILENO) {
        var fds: [Int32] = [-1, -1]
        if Glibc.pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        pipe = (fds[0], fds[1])
        self.input = input
    }

    deinit {
        if pipe.read >= 0 { close(pipe.read) }
        if pipe.write >= 0 { close(pipe.write) }
    }

    /// Makes SIGWINCH wake this watcher (call after curses started, on the main actor): a handler
    /// writes a byte to the wake-up pipe, then runs the handler curses installed, so the next
    /// read returns KEY_RESIZE. The handler is installed once per process; later calls re-point it.
    func forwardResizes() {
        resizePipe.store(pipe.write, ordering: .sequentiallyConsistent)
        guard !resizeHandlerInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            let savedErrno = errno
            var byte: UInt8 = 1
            let fd = resizePipe.load(ordering: .sequentiallyConsistent)
            if fd >= 0 { _ = write(fd, &byte, 1) }
            let bits = cursesResizeHandler.load(ordering: .sequentiallyConsistent)
            if bits != 0 { unsafeBitCast(bits, to: (@convention(c) (Int32) -> Void).self)(sig) }
            errno = savedErrno
        }
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        guard sigaction(SIGWINCH, &action, &previous) == 0 else {
            resizeHandlerInstalled.store(false, ordering: .sequentiallyConsistent)
            return
        }
        if previous.sa_flags & SA_SIGINFO == 0, let handler = previous.__sigaction_handler.sa_handler,
           unsafeBitCast(handler, to: Int.self) > 1 {  // not SIG_DFL (0) or SIG_IGN (1)
            cursesResizeHandler.store(unsafeBitCast(handler, to: Int.self), ordering: .sequentiallyConsistent)
        }
    }

    /// Starts the thread; `report` runs on it each time input is ready or the size changed.
    func start(_ report: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in run(report) }
        thread.name = "helpline-input"
        thread.start()
    }

    /// The main loop has read everything that was pending: watch again.
    func drained() {
        let wasWaiting = shared.withLock { state in
            defer { state.awaitingDrain = false }
            return state.awaitingDrain
        }
        if wasWaiting { resume.signal() }
    }

    /// Ends the thread (it exits at its next wake-up, which this causes).
    func stop() {
        _ = resizePipe.compareExchange(expected: pipe.write, desired: -1, ordering: .sequentiallyConsistent)
        let wasWaiting = shared.withLock { state in
            state.stopped = true
            defer { state.awaitingDrain = false }
            return state.awaitingDrain
        }
        if wasWaiting { resume.signal() }
        poke()
    }

    private func poke() {
        var byte: UInt8 = 0
        _ = write(pipe.write, &byte, 1)
    }

    private func run(_ report: @Sendable () -> Void) {
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0),
        ]
        var scratch = [UInt8](repeating: 0, count: 64)
        while !shared.withLock({ $0.stopped }) {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 {
                while read(pipe.read, &scratch, scratch.count) > 0 {}
            }
            if shared.withLock({ $0.stopped }) { return }
            // Input closed or broken: report once more and stop watching (the reader sees EOF).
            let broken = descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            shared.withLock { $0.awaitingDrain = true }
            report()
            if broken { return }
            resume.wait()
        }
    }
}
