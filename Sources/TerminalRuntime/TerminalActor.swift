/// The actor every curses call runs on: its executor is ``TerminalExecutor/shared``, a thread of
/// its own that sleeps in `poll(2)` on the terminal's input and a wake-up pipe, so a key press
/// wakes exactly one thread, which reads, reduces and draws it.
@globalActor
public actor TerminalActor {
    /// The one instance.
    public static let shared = TerminalActor()

    /// Runs this actor's jobs on the terminal thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        TerminalExecutor.shared.asUnownedSerialExecutor()
    }
}

extension TerminalActor {
    /// Runs `operation` as terminal-actor code from the terminal thread outside a job (a loop
    /// turn the executor calls directly); stops the process when called from any other thread.
    static func assumeIsolated<T>(_ operation: @TerminalActor () -> T) -> T {
        precondition(TerminalExecutor.shared.isCurrent, "not on the terminal thread")
        return withoutActuallyEscaping(operation) { isolated in
            // On the executor's own thread no other terminal-actor code can run meanwhile.
            unsafeBitCast(isolated, to: (() -> T).self)()
        }
    }
}
