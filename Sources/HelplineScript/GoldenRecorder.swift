import ChatEngine
import ChatModel
import Foundation
import Synchronization

/// `--golden FILE`: writes a live chat's transcript as a golden file (mode 0600) when its session
/// finishes, or when the process exits first (``writeNow()``). Only the first session counts.
public final class GoldenRecorder: SessionObserver {
    /// Where the golden transcript goes.
    public let path: String

    private struct State {
        /// The latest transcript (a cheap shared copy; made an array only when written).
        var items = TranscriptItems()
        var me: String?
        var sessionOver = false
        var file = RewrittenFile()
    }

    private let state = Mutex(State())

    /// A recorder writing to `path`.
    public init(path: String) {
        self.path = path
    }

    /// Keeps the latest transcript and our own name.
    public func observe(_ event: ChatEvent, frameArrival: ContinuousClock.Instant?) {
        state.withLock { state in
            guard !state.sessionOver else { return }
            switch event {
            case .transcript(let update): state.items = update.items
            case .sessionInfo(let info): state.me = info.me.name.isEmpty ? nil : info.me.name
            default: break
            }
        }
    }

    /// The session is over: the golden file is written.
    public func sessionFinished() {
        state.withLock { $0.sessionOver = true }
        writeNow()
    }

    /// Writes the transcript as it is now, unless it is empty or unchanged since the last write.
    public func writeNow() {
        state.withLock { state in
            let items = Array(state.items)
            guard !GoldenTranscript.lines(of: items).isEmpty else {
                state.file.problem = "nothing to record: the transcript is empty; \(path) was not written"
                return
            }
            let text = GoldenTranscript.text(of: items, me: state.me)
            state.file.write(text, to: path)
        }
    }

    /// Why the golden file could not be written, if it could not.
    public var problem: String? { state.withLock { $0.file.problem } }
}
