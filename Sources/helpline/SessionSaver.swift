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
    }

    private let store: SessionStore
    private let key: String
    private let state = Mutex(State())
    private let writer = DispatchQueue(label: "helpline.session-store")

    init(store: SessionStore, key: String) {
        self.store = store
        self.key = key
    }

    /// The session as last saved, if any.
    var latest: SessionSnapshot? { state.withLock { $0.latest } }

    /// Saves `snapshot` (soon, on the writer queue).
    func save(_ snapshot: SessionSnapshot) {
        let queue = state.withLock { state -> Bool in
            guard !state.forgotten else { return false }
            state.latest = snapshot
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
        try? store.save(StoredSession(snapshot, savedAt: Date()), key: key)
    }
}
