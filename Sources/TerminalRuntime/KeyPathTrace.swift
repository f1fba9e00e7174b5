import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Timestamps of the key path, for profiling: when `poll(2)` woke, the keys were read, their echo
/// was drawn ahead of the frame (0 when none was), the keys reduced, the frame built and drawn
/// (`doupdate()` returned). On only when `HELPLINE_KEY_TRACE` names a
/// file; each frame that answered keys appends one line of CLOCK_MONOTONIC nanoseconds (the clock
/// Python's `time.perf_counter` reads, so a harness can line them up with its own writes). Every
/// turn also appends a line `T wake [reduced [built [drawn]]] end`, so a harness can tell a key
/// that came while the loop was busy from one the scheduler was slow to wake for, and see where a
/// turn no key asked for (a streamed reply's frame) spent its time.
@TerminalActor
package final class KeyPathTrace {
    /// The environment variable naming the trace file.
    static let variable = "HELPLINE_KEY_TRACE"

    private let descriptor: Int32
    private var marks: [UInt64] = []
    /// The turn's marks so far (reduced, built, drawn), whether or not it read keys.
    private var turnMarks: [UInt64] = []

    /// A trace writing to the file `environment` names; nil (tracing off) when it names none.
    package init?(environment: [String: String]) {
        guard let path = environment[Self.variable], !path.isEmpty else { return nil }
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        append("# wake read echoed reduced built drawn (CLOCK_MONOTONIC ns; echoed 0: no echo ahead)\n")
    }

    deinit { close(descriptor) }

    /// Starts a line for keys read now, after `poll` woke at `wake` (nanoseconds).
    package func keysRead(wokeAt wake: UInt64) {
        marks = [wake, Self.now()]
    }

    /// Adds the current time to the line (reduced, built, drawn).
    package func mark() {
        let now = Self.now()
        turnMarks.append(now)
        if !marks.isEmpty { marks.append(now) }
    }

    /// Adds when the keys' echo was drawn ahead of their frame: now if `drawn`, else 0.
    package func echoed(_ drawn: Bool) {
        if !marks.isEmpty { marks.append(drawn ? Self.now() : 0) }
    }

    /// Writes the line, if one was started.
    package func finishLine() {
        guard !marks.isEmpty else { return }
        let line = marks.map(String.init).joined(separator: " ") + "\n"
        marks = []
        append(line)
    }

    /// Writes the turn line: the loop woke at `wake` and is done now.
    package func turnEnded(wokeAt wake: UInt64) {
        let stages = turnMarks.map { " \($0)" }.joined()
        turnMarks = []
        append("T \(wake)\(stages) \(Self.now())\n")
    }

    /// Appends `line` to the trace file.
    private func append(_ line: String) {
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// CLOCK_MONOTONIC now, in nanoseconds.
    nonisolated static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
