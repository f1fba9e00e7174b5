import ChatEngine
import ChatModel
import Foundation
import TerminalUI
import PolyAI
import SessionCore

/// Runs PolyAI chats: rejoins a session active less than 600 s ago (unless `--new`), keeps the
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
        var stored = forceNew ? nil : store.load(key: key).flatMap { $0.backend == "polyai" ? $0 : nil }
        if let saved = stored, let wanted = options.announcedName, wanted != saved.displayName {
            ConnectChatLoop.say("Starting a new chat as \(wanted): the saved one was \(saved.displayName)'s.")
            store.remove(key: key)
            stored = nil
        }
        while true {
            var current = options
            current.resume = stored.flatMap(Self.record).flatMap { $0.isFresh(now: Date()) ? $0 : nil }
            let greeting = current.resume == nil ? nil : stored.map {
                "Rejoined your PolyAI chat (started \(PlainClock.string($0.startedAt))) — /new or --new starts a fresh one."
            }
            let saver = SessionSaver(store: store, key: key)
            let result = try await runner.runOnce(
                wire: PolyAIWire(options: current, ids: .random()), restoring: current.resume != nil ? stored?.outbox ?? [] : [],
                startedAt: current.resume != nil ? stored?.startedAt : nil, saver: saver, greeting: greeting)
            if result.newChatRequested || (current.resume != nil && !result.connected) {
                store.remove(key: key)
                stored = nil
                continue
            }
            if case .closed = result.state { store.remove(key: key) }
            return try runner.exitCode(for: result)
        }
    }

    private static func record(_ stored: StoredSession) -> PolyAIResumeRecord? {
        guard let sessionId = stored.contactId else { return nil }
        return PolyAIResumeRecord(accessToken: stored.participantToken, sessionId: sessionId, lastActivity: stored.savedAt)
    }
}
