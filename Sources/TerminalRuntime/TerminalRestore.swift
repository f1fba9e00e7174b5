import CNcursesw
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Restores the terminal on every way out: normal exit, SIGINT/SIGTERM/SIGHUP, `exit()`, crashes.
///
/// The crash path is best effort and async-signal-safe: it puts back the saved termios and writes
/// fixed escape sequences (leave the alternate screen, show the cursor, stop mouse reporting and
/// bracketed paste), then lets the previous handler (e.g. Swift's backtracer) run.
enum TerminalRestore {
    /// Escape sequences that undo what the UI turned on.
    static let resetSequence = "\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h"

    nonisolated(unsafe) private static var active = false
    nonisolated(unsafe) private static var savedTermios = termios()
    nonisolated(unsafe) private static var haveTermios = false
    nonisolated(unsafe) private static var atexitInstalled = false
    nonisolated(unsafe) private static var previousCrashActions: [Int32: sigaction] = [:]
    private static let crashBytes: [UInt8] = Array((resetSequence + "\u{1B}[?1049l\r\n").utf8)
    /// The SIGINT/SIGTERM/SIGHUP sources: made once per process and never cancelled (a source made
    /// again for a signal after one was cancelled never fired: after `/new` the process ignored all
    /// three, and a dropped SSH connection left it running).
    @TerminalActor private static var signalSources: [DispatchSourceSignal] = []
    /// What a termination signal does while a full-screen UI runs; nil between runs.
    @TerminalActor private static var onTermination: (@TerminalActor (Int32) -> Void)?

    /// Saves the terminal mode; call before `initscr`.
    static func saveTerminalMode() {
        haveTermios = tcgetattr(STDIN_FILENO, &savedTermios) == 0
    }

    /// Marks curses as running and installs the exit and crash hooks; `onSignal` runs on the
    /// terminal actor (its thread wakes for it) when SIGINT, SIGTERM or SIGHUP arrives.
    @TerminalActor
    static func install(onSignal: @escaping @TerminalActor (Int32) -> Void) {
        active = true
        _ = crashBytes.count  // initialise now: the crash handler must not allocate
        if !atexitInstalled {
            atexitInstalled = true
            atexit { TerminalRestore.restoreCurses() }
        }
        onTermination = onSignal
        if signalSources.isEmpty {
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                // Ignored as signals, handled as events: the source reads them instead.
                var ignore = sigaction()
                ignore.__sigaction_handler.sa_handler = SIG_IGN
                sigaction(sig, &ignore, nil)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler {
                    // The UI's thread may be waiting for `$EDITOR`: end the editor first.
                    if sig != SIGINT { ProcessSpawner.forwardTermination(sig) }
                    Task { @TerminalActor in TerminalRestore.terminate(sig) }
                }
                source.resume()
                signalSources.append(source)
            }
        }
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in TerminalRestore.restoreFromCrash(sig) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            if sigaction(sig, &action, &previous) == 0 {
                previousCrashActions[sig] = previous
            }
        }
    }

    /// A termination signal: the running UI's handler, or — between full-screen runs, once the
    /// sources exist — what the default action would do (end the process with 128 + the signal).
    @TerminalActor
    private static func terminate(_ sig: Int32) {
        if let onTermination {
            onTermination(sig)
        } else {
            exit(128 + sig)
        }
    }

    /// Ends curses and undoes terminal modes (idempotent). Termination signals keep ending the
    /// process afterwards (see ``terminate(_:)``).
    @TerminalActor
    static func restore() {
        onTermination = nil
        for (sig, var previous) in previousCrashActions { sigaction(sig, &previous, nil) }
        previousCrashActions = [:]
        restoreCurses()
    }

    private static func restoreCurses() {
        guard active else { return }
        active = false
        endwin()
        writeRaw(Array(resetSequence.utf8))
    }

    private static func restoreFromCrash(_ sig: Int32) {
        if active {
            active = false
            if haveTermios { tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios) }
            crashBytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        if var previous = previousCrashActions[sig] {
            sigaction(sig, &previous, nil)
        } else {
            signal(sig, SIG_DFL)
        }
        raise(sig)
    }

    private static func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
