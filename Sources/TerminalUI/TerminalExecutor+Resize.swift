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
}
