import Foundation
import HelplineScript
import Synchronization
import TerminalRuntime
import TerminalUI

/// Shows a load run's progress on stderr: one line rewritten in place on a terminal, a line every
/// few seconds otherwise (a CI log), nothing for a one-at-a-time run (it has the step log).
final class ProgressLine: Sendable {
    private struct State {
        var shown = 0
        var onLine = false
    }

    private let state = Mutex(State())
    private let enabled: Bool
    private let terminal: Bool
    /// Updates between lines when stderr is not a terminal.
    private let logEvery: Int

    /// A progress line for a run of `concurrency` chats at once (none for 1).
    init(concurrency: Int, logEvery: Int = 5) {
        enabled = concurrency > 1
        terminal = isatty(STDERR_FILENO) != 0
        self.logEvery = logEvery
    }

    /// Shows the run's state now.
    func show(_ progress: LoadProgress) {
        guard enabled else { return }
        state.withLock { state in
            state.shown += 1
            if terminal {
                _ = StandardStreams.write("\r\u{1B}[K" + progress.line, to: STDERR_FILENO)
                state.onLine = true
            } else if state.shown % logEvery == 1 || logEvery == 1 {
                StandardStreams.err("progress: " + progress.line)
            }
        }
    }

    /// Ends the in-place line so the summary starts on a fresh one.
    func finish() {
        state.withLock { state in
            if state.onLine { _ = StandardStreams.write("\n", to: STDERR_FILENO) }
            state.onLine = false
        }
    }
}
