import ChatEngine
import Foundation
import HelplineScript
import Synchronization
import TerminalRuntime
import TerminalUI

/// `--record` and `--golden` for a chat command: the recorders of the first chat, written when its
/// session finishes and, should the process end first (a signal in the full-screen UI), at exit.
final class ChatRecording: Sendable {
    private let script: ScriptRecorder?
    private let golden: GoldenRecorder?
    private let handedOut = Mutex(false)
    private let reported = Mutex(false)

    /// The recorders `options` asks for; nil when it asks for none.
    init?(options: CommonOptions) {
        guard options.record != nil || options.golden != nil else { return nil }
        script = options.record.map { ScriptRecorder(path: $0, goldenPath: options.golden) }
        golden = options.golden.map { GoldenRecorder(path: $0) }
        let (script, golden) = (script, golden)
        ExitWrites.shared.add {
            golden?.writeNow()
            script?.writeNow()
        }
    }

    /// The observers for a chat's session: the recorders for the first chat, none for later ones (`/new`).
    func observersForNextChat() -> [any SessionObserver] {
        let first = handedOut.withLock { taken in
            defer { taken = true }
            return !taken
        }
        guard first else { return [] }
        let observers: [(any SessionObserver)?] = [golden, script]
        return observers.compactMap { $0 }
    }

    /// The recording ends before the chat did (a signal): the script says so in its last line.
    func stopped(because reason: String) {
        script?.stopped(because: reason)
    }

    /// Says on stderr what was written; returns the error when a file could not be written.
    func report() -> String? {
        let first = reported.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return nil }
        var failure: String?
        for (path, problem) in [(script?.path, script?.problem), (golden?.path, golden?.problem)] {
            guard let path else { continue }
            if let problem {
                if problem.hasPrefix("nothing to record") {
                    StandardStreams.err("helpline: \(problem)")
                } else {
                    failure = failure ?? problem
                }
            } else {
                StandardStreams.err("helpline: recorded the chat in \(path)")
            }
        }
        return failure
    }
}
