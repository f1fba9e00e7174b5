import ChatEngine
import ChatModel
import Foundation
import Synchronization

/// `--record FILE.hls`: records a live chat as a script and writes it (mode 0600) when the chat's
/// session finishes, or when the process exits first (``writeNow()``, called at exit).
///
/// Only the first session it observes is recorded: a script is one chat.
public final class ScriptRecorder: SessionObserver {
    /// Where the script goes.
    public let path: String
    /// A golden transcript written alongside (`--golden`), checked by a last `expect-transcript` step:
    /// its path as the script names it (relative to the script's folder when it is in the same one).
    public let goldenReference: String?

    private struct State {
        var builder = RecordingBuilder()
        var sessionOver = false
        var stopReason: String?
        var file = RewrittenFile()
    }

    private let state = Mutex(State())

    /// A recorder writing to `path`; `goldenPath` is the golden file written with it, if any.
    public init(path: String, goldenPath: String? = nil) {
        self.path = path
        goldenReference = goldenPath.map { Self.reference(to: $0, from: path) }
    }

    /// Takes an event of the first session.
    public func observe(_ event: ChatEvent, frameArrival: ContinuousClock.Instant?) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard !state.sessionOver else { return }
            state.builder.take(event, at: now)
        }
    }

    /// The session is over: the script is written.
    public func sessionFinished() {
        state.withLock { $0.sessionOver = true }
        writeNow()
    }

    /// Why the recording stops before the chat ended (say, a signal); it goes last in the script as a comment.
    public func stopped(because reason: String) {
        state.withLock { $0.stopReason = reason }
    }

    /// Writes the script as it is now, unless it is unchanged since the last write or has no step.
    public func writeNow() {
        state.withLock { state in
            guard state.builder.hasSteps else {
                state.file.problem = "nothing to record: the chat had no message; \(path) was not written"
                return
            }
            var ending: String?
            if !state.builder.isOver {
                ending = "The recording stopped here before the chat ended"
                    + (state.stopReason.map { " (\($0))" } ?? "") + "; a replay ends the chat after the last step."
            }
            var text = state.builder.script(ending: ending)
            if let goldenReference, state.builder.isOver { text += "expect-transcript \(goldenReference)\n" }
            state.file.write(text, to: path)
        }
    }

    /// Why the script could not be written, if it could not.
    public var problem: String? { state.withLock { $0.file.problem } }

    /// `golden` as a script at `script` names it: the file name when both are in one folder, else an absolute path.
    static func reference(to golden: String, from script: String) -> String {
        let goldenURL = URL(fileURLWithPath: golden).standardizedFileURL
        let scriptFolder = URL(fileURLWithPath: script).standardizedFileURL.deletingLastPathComponent()
        if goldenURL.deletingLastPathComponent().path == scriptFolder.path { return goldenURL.lastPathComponent }
        return goldenURL.path
    }
}
