import ChatEngine
import ChatModel
import Foundation
import PolyAI
import Synchronization

/// Runs PolyAI chats: rejoins a session stored less than 600 s ago (unless `--new`), keeps the
/// store current while a chat runs, and starts fresh sessions on `/new` or when the stored one is gone.
struct PolyAIChatLoop {
    let options: PolyAIOptions
    let runner: ChatRunner
    let store: SessionStore
    let key: String
    let forceNew: Bool

    /// The store key for a deployment and host (no secrets in it).
    static func key(_ options: PolyAIOptions) -> String {
        SessionStore.key(profile: "polyai", endpoint: options.environment.restBase + " " + options.hostId)
    }

    /// Runs until the user leaves; returns the exit code.
    func run() async throws -> Int32 {
        if forceNew { store.remove(key: key) }
        var resume = forceNew ? nil : store.load(key: key).flatMap(Self.record)
        while true {
            var current = options
            current.resume = resume.flatMap { $0.isFresh(now: Date()) ? $0 : nil }
            if current.resume != nil {
                FileHandle.standardError.write(Data("Rejoining your PolyAI chat (use --new for a fresh one).\n".utf8))
            }
            let backend = PolyAIBackend(options: current)
            let saver = PolyAISessionSaver(backend: backend, store: store, key: key)
            let result = try await runner.runOnce(backend: backend, onEvent: { saver.note($0) })
            if result.newChatRequested || (current.resume != nil && !result.connected) {
                store.remove(key: key)
                resume = nil
                continue
            }
            if case .closed = result.state { store.remove(key: key) } else { saver.save() }
            return try runner.exitCode(for: result)
        }
    }

    private static func record(_ stored: StoredSession) -> PolyAIResumeRecord? {
        guard stored.backend == "polyai", let sessionId = stored.contactId else { return nil }
        return PolyAIResumeRecord(accessToken: stored.participantToken, sessionId: sessionId, lastActivity: stored.savedAt)
    }
}

/// Saves the PolyAI session (token and id, mode 0600) when it starts and when we send.
final class PolyAISessionSaver: Sendable {
    private let backend: PolyAIBackend
    private let store: SessionStore
    private let key: String
    private let ended = Mutex(false)

    init(backend: PolyAIBackend, store: SessionStore, key: String) {
        self.backend = backend
        self.store = store
        self.key = key
    }

    /// Saves on start and on our own sent messages; stops once the chat has ended.
    func note(_ event: ChatEvent) {
        switch event {
        case .sessionInfo: save()
        case .itemUpdated(let item) where item.isOwn && item.delivery == .sent: save()
        case .connection(.closed): ended.withLock { $0 = true }
        default: break
        }
    }

    /// Writes the record unless the chat has ended.
    func save() {
        guard !ended.withLock({ $0 }), let record = backend.resumeRecord else { return }
        let stored = StoredSession(
            backend: "polyai", endpoint: backend.descriptor.endpoint, participantToken: record.accessToken,
            participantId: nil, contactId: record.sessionId, displayName: "You", markdownAllowed: false,
            startedAt: Date(), savedAt: Date())
        try? store.save(stored, key: key)
    }
}
