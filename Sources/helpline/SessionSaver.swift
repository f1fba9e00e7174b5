import ChatEngine
import Foundation
import SessionCore
import Synchronization

/// Keeps the resumable session on disk while a chat runs (credentials and unsent messages, mode 0600).
///
/// Files are written on a serial queue of their own (each save ends with `fsync`), and saves asked
/// for while one is queued fold into it, so a burst of changes costs a few writes of the latest state.
final class SessionSaver: Sendable {
    private struct State {
        var latest: SessionSnapshot?
        var saveQueued = false
        var forgotten = false
        /// False until the chat has connected once: a chat that never did (a refused token, an
        /// unreachable endpoint) is not worth resuming, so nothing is written before.
        var connected: Bool
    }

    private let store: SessionStore
    private let key: String
    private let resumeOff: ResumeOffNotice
    private let tell: @Sendable (String) -> Void
    private let state: Mutex<State>
    private let writer = DispatchQueue(label: "helpline.session-store")

    /// Creates a saver for `key`; `connected` says whether the chat already connected once (a
    /// resumed chat did), otherwise saves wait for ``connectionOpened()``. The first save that fails
    /// is told through `tell` (once for the whole run, through `resumeOff`).
    init(
        store: SessionStore, key: String, connected: Bool = false, resumeOff: ResumeOffNotice = ResumeOffNotice(),
        tell: @escaping @Sendable (String) -> Void = { NoticeRelay.shared.tell($0) }
    ) {
        self.store = store
        self.key = key
        self.resumeOff = resumeOff
        self.tell = tell
        state = Mutex(State(connected: connected))
    }

    /// The chat connected: the session is saved from now on (the latest snapshot at once).
    func connectionOpened() {
        let queue = state.withLock { state -> Bool in
            guard !state.connected else { return false }
            state.connected = true
            guard !state.forgotten, state.latest != nil, !state.saveQueued else { return false }
            state.saveQueued = true
            return true
        }
        if queue { writer.async { self.write() } }
    }

    /// The session as last saved, if any.
    var latest: SessionSnapshot? { state.withLock { $0.latest } }

    /// Saves `snapshot` (soon, on the writer queue).
    func save(_ snapshot: SessionSnapshot) {
        let queue = state.withLock { state -> Bool in
            guard !state.forgotten else { return false }
            state.latest = snapshot
            guard state.connected else { return false }
            defer { state.saveQueued = true }
            return !state.saveQueued
        }
        if queue { writer.async { self.write() } }
    }

    /// Forgets the saved session: the chat is over.
    func forget() {
        state.withLock { $0.forgotten = true }
        writer.async { self.store.remove(key: self.key) }
    }

    /// Returns once every save asked for so far is on disk.
    func flush() {
        writer.sync {}
    }

    private func write() {
        let snapshot = state.withLock { state -> SessionSnapshot? in
            state.saveQueued = false
            return state.forgotten ? nil : state.latest
        }
        guard let snapshot else { return }
        var stored = StoredSession(snapshot, savedAt: Date())
        // A resumed chat saves before its transcript is read back: it keeps the partner named before.
        if stored.partnerName == nil { stored.partnerName = store.load(key: key)?.partnerName }
        do {
            try store.save(stored, key: key)
        } catch {
            let problem = error as? SessionStoreProblem ?? SessionStoreProblem(path: store.directory.path, code: EIO)
            if let notice = resumeOff.take(problem) { tell(notice) }
        }
    }
}
