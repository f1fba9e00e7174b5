import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Lets the terminal's thread go first when the machine is busy: the event loop threads (the
/// network, the engine's tasks and timers) run a few nice levels lower while a full-screen UI is
/// up, so a key's echo is not kept waiting behind a streamed reply's work on a shared core.
///
/// Linux keeps the nice value per thread, and `setpriority(PRIO_PROCESS, 0, …)` sets the calling
/// thread's alone; raising it needs no privilege. Only the order in which ready threads run
/// changes: on an idle machine every thread still runs at once.
public enum EventLoopPriority {
    /// How many nice levels the event loop threads go down.
    public static let levelsBelowTerminal: Int32 = 5

    /// Lowers each thread of the singleton event loop group by ``levelsBelowTerminal``, once per
    /// process (a second full-screen chat finds them lowered); returns when every loop did.
    public static func lowerBelowTerminal() async {
        guard !done.exchange(true, ordering: .relaxed) else { return }
        for loop in MultiThreadedEventLoopGroup.singleton.makeIterator() {
            try? await loop.submit { lowerThisThread(by: levelsBelowTerminal) }.get()
        }
    }

    /// Adds `levels` to the calling thread's nice value (at most 19).
    private static func lowerThisThread(by levels: Int32) {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let now = getpriority(which, 0)
        // -1 is a nice value too: only errno tells a failure.
        if errno == 0 { _ = setpriority(which, 0, min(19, now + levels)) }
    }

    private static let done = Atomic<Bool>(false)
}
