import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where SIGWINCH writes a byte (-1: nowhere); read by the signal handler.
private let resizePipe = Atomic<Int32>(-1)
/// The SIGWINCH handler curses installed (its bit pattern; 0 for none), called before ours writes.
private let cursesResizeHandler = Atomic<Int>(0)
/// True once our SIGWINCH handler is installed (once per process).
private let resizeHandlerInstalled = Atomic<Bool>(false)
/// Where SIGTSTP writes a byte (-1: nowhere); read by the signal handler.
private let stopPipe = Atomic<Int32>(-1)
/// Set by the SIGTSTP handler; taken by the loop's next turn.
private let stopRequested = Atomic<Bool>(false)

extension TerminalExecutor {
    /// Makes SIGWINCH wake this executor's waiting loop (call after curses started): a handler runs
    /// the handler curses installed (so the next read returns KEY_RESIZE), then writes
    /// ``resizeByte`` to the wake-up pipe. Installed once per process; later calls re-point it.
    func forwardResizes() {
        resizePipe.store(pipe.write, ordering: .sequentiallyConsistent)
        guard !resizeHandlerInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            let savedErrno = errno
            let bits = cursesResizeHandler.load(ordering: .sequentiallyConsistent)
            if bits != 0 { unsafeBitCast(bits, to: (@convention(c) (Int32) -> Void).self)(sig) }
            var byte = TerminalExecutor.resizeByte
            let fd = resizePipe.load(ordering: .sequentiallyConsistent)
            if fd >= 0 { _ = write(fd, &byte, 1) }
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

    /// Makes SIGTSTP from outside (`kill -TSTP`; Ctrl-Z itself arrives as a key in raw mode) wake
    /// this executor's loop, whose next turn suspends the UI (``takeStopRequest()``). Call before
    /// curses starts, once per process: curses then finds SIGTSTP handled and leaves it alone —
    /// with its own handler installed it wraps every `doupdate()` in two `sigaction` calls. Does
    /// nothing when SIGTSTP is not at its default (ignored by whoever started us, say).
    func forwardStops() {
        stopPipe.store(pipe.write, ordering: .sequentiallyConsistent)
        var current = sigaction()
        guard sigaction(SIGTSTP, nil, &current) == 0, current.sa_flags & SA_SIGINFO == 0,
              current.__sigaction_handler.sa_handler == nil
        else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let savedErrno = errno
            stopRequested.store(true, ordering: .sequentiallyConsistent)
            var byte = TerminalExecutor.stopByte
            let fd = stopPipe.load(ordering: .sequentiallyConsistent)
            if fd >= 0 { _ = write(fd, &byte, 1) }
            errno = savedErrno
        }
        action.sa_flags = SA_RESTART
        sigaction(SIGTSTP, &action, nil)
    }

    /// True (once) when a SIGTSTP arrived since the last call.
    func takeStopRequest() -> Bool {
        stopRequested.exchange(false, ordering: .sequentiallyConsistent)
    }
}
