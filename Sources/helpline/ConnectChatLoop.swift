import AmazonConnect
import ChatEngine
import ChatModel
import Foundation
import Synchronization

/// Runs Amazon Connect chats: resumes a stored live chat, persists it while it runs, continues
/// an ended one as a persistent chat, and starts fresh ones on `/new`.
struct ConnectChatLoop {
    let start: ConnectChatStart
    let endpoint: URL
    let runner: ChatRunner
    let store: SessionStore
    let key: String
    let forceNew: Bool

    /// Runs until the user leaves; returns the exit code.
    func run() async throws -> Int32 {
        var resume = forceNew ? nil : store.load(key: key).flatMap { $0.backend == "connect" ? $0 : nil }
        if forceNew { store.remove(key: key) }
        var nextStart = start
        var carried: [OutboxEntry] = []
        while true {
            let backend: ConnectBackend
            let outbox: [OutboxEntry]
            if let stored = resume {
                Self.say("Resuming your chat from \(Self.clock(stored.startedAt)) (use --new for a fresh one).")
                let chat = StartedChat(
                    participantToken: stored.participantToken, participantId: stored.participantId,
                    contactId: stored.contactId, markdownAllowed: stored.markdownAllowed)
                backend = ConnectBackend(start: .resume(chat, displayName: stored.displayName), endpoint: endpoint)
                outbox = stored.outbox
            } else {
                backend = ConnectBackend(start: nextStart, endpoint: endpoint)
                outbox = carried
            }
            let recorder = SessionRecorder(backend: backend, store: store, key: key, startedAt: resume?.startedAt ?? Date())
            let result = try await runner.runOnce(
                backend: backend, restoredOutbox: outbox,
                onEvent: { recorder.note($0) }, onOutboxChange: { recorder.outboxChanged($0) })
            recorder.flush()
            if result.newChatRequested {
                store.remove(key: key)
                (resume, carried, nextStart) = (nil, [], start)
                continue
            }
            if let stored = resume, !result.connected, case .closed = result.state {
                // The stored chat is over; keep what was typed for it and go on in a new one.
                store.remove(key: key)
                resume = nil
                carried = Self.merge(stored.outbox, result.unsent)
                if case .template(let url, let name, _, _) = start, let contactId = stored.contactId {
                    Self.say("Your previous chat has ended; continuing it as a new chat with its history.")
                    nextStart = .persistent(url: url, displayName: name, sourceContactId: contactId)
                } else {
                    Self.say("Your previous chat has ended; starting a new one.")
                    nextStart = start
                }
                continue
            }
            if case .closed = result.state { store.remove(key: key) }
            return try runner.exitCode(for: result)
        }
    }

    private static func merge(_ first: [OutboxEntry], _ second: [OutboxEntry]) -> [OutboxEntry] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0.localId).inserted }
    }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func clock(_ date: Date) -> String {
        PlainClock.string(date)
    }
}

/// Keeps the session store current while a chat runs (credentials + unsent messages, mode 0600).
///
/// Files are written on a serial queue of their own (never on the cooperative pool: each save
/// ends with `fsync`), and saves asked for while one is queued are folded into it, so a burst of
/// items (a backfill, 10,000 messages) costs a few writes of the latest state, not one each.
final class SessionRecorder: Sendable {
    private struct State {
        var outbox: [OutboxEntry] = []
        var lastSeenItemId: String?
        var started = false
        var ended = false
        var saveQueued = false
    }

    private let backend: ConnectBackend
    private let store: SessionStore
    private let key: String
    private let startedAt: Date
    private let state = Mutex(State())
    private let writer = DispatchQueue(label: "helpline.session-store")

    init(backend: ConnectBackend, store: SessionStore, key: String, startedAt: Date) {
        self.backend = backend
        self.store = store
        self.key = key
        self.startedAt = startedAt
    }

    /// Saves once the chat has started; stops saving once it has ended.
    func note(_ event: ChatEvent) {
        switch event {
        case .sessionInfo:
            state.withLock { $0.started = true }
            save()
        case .connection(.closed):
            state.withLock { $0.ended = true }
        case .item(let item) where !item.isHistory && item.delivery != .pending:
            state.withLock { $0.lastSeenItemId = item.id }
            save()
        default:
            break
        }
    }

    /// Saves the unsent messages.
    func outboxChanged(_ entries: [OutboxEntry]) {
        state.withLock { $0.outbox = entries }
        save()
    }

    /// Returns once every save asked for so far is on disk.
    func flush() {
        writer.sync {}
    }

    private func save() {
        let queue = state.withLock { state -> Bool in
            defer { state.saveQueued = true }
            return !state.saveQueued
        }
        if queue { writer.async { self.write() } }
    }

    private func write() {
        let (outbox, lastSeen, ready) = state.withLock { state in
            state.saveQueued = false
            return (state.outbox, state.lastSeenItemId, state.started && !state.ended)
        }
        guard ready, let chat = backend.startedChat else { return }
        let record = StoredSession(
            backend: "connect", endpoint: backend.descriptor.endpoint, participantToken: chat.participantToken,
            participantId: chat.participantId, contactId: chat.contactId, displayName: backend.displayName,
            markdownAllowed: chat.markdownAllowed, outbox: outbox, lastSeenItemId: lastSeen, startedAt: startedAt,
            savedAt: Date())
        try? store.save(record, key: key)
    }
}

/// `HH:MM` in the local time zone.
enum PlainClock {
    static func string(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
