import Glibc
import TerminalRuntime
import Transport

/// The process's entry point: puts Swift concurrency on SwiftNIO's event loops for the commands a
/// person sits at, then runs the command as the first task while the main thread waits.
///
/// Synchronous on purpose: an async `main` is already a task on the default executor, which on Linux
/// is libdispatch's worker pool — and once a dispatch worker thread exists, libdispatch's manager
/// thread wakes every second for the rest of the process (see ``EventLoopTime``). The network I/O
/// runs on the same event loops, so the command's tasks also save a thread hop per frame.
///
/// The batch commands (`serve`, `script`, `report`, `render`) keep the default executor: they are
/// busy while they run, and a demo server on the event loops that feed its sockets batches its
/// writes behind its flows (a 10,000-message flow arrived as one flood instead of a stream).
@main
enum Start {
    /// Chooses the executor, starts the command and parks the main thread until the command exits.
    static func main() {
        HeapThresholds.pin()
        if Helpline.waitsOnPeople(CommandLine.arguments.dropFirst().first) {
            EventLoopTime.installAsGlobalExecutor()
        }
        // Detached: a task made here would inherit the main actor, whose queue nothing drains.
        Task.detached {
            await Helpline.launch()
            exit(0)
        }
        // Nothing runs on the main thread (nothing in Helpline uses the main actor or the main
        // queue); it waits, as `dispatch_main` left it, taking signals with none blocked.
        var none = sigset_t()
        sigemptyset(&none)
        while true { sigsuspend(&none) }
    }
}
