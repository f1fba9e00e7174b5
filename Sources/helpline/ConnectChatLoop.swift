import AmazonConnect
import ChatEngine
import ChatModel
import Foundation
import TerminalRuntime
import TerminalUI
import SessionCore

/// Runs Amazon Connect chats: resumes a stored live chat, saves it while it runs, continues an
/// ended one as a persistent chat, and starts fresh ones on `/new`.
struct ConnectChatLoop {
    let start: ConnectChatStart
    let endpoint: URL
    let runner: ChatRunner
    let store: SessionStore
    let key: String
    let forceNew: Bool

    /// Runs until the user leaves; returns the exit code.
    func run() async throws -> Int32 {
        if forceNew { store.remove(key: key) }
        var resume = forceNew ? nil : store.load(key: key).flatMap { $0.backend == "connect" ? $0 : nil }
        if let stored = resume, let wanted = Self.displayName(of: start), wanted != stored.displayName {
            Self.say("Starting a new chat as \(wanted): the saved one was \(stored.displayName)'s.")
            store.remove(key: key)
            resume = nil
        }
        var nextStart = start
        var carried: [OutboxEntry] = []
        while true {
            let wire: ConnectWire
            let outbox: [OutboxEntry]
            var greeting: String?
            if let stored = resume {
                greeting = Self.resumedNotice(stored)
                let chat = StartedChat(
                    participantToken: stored.participantToken, participantId: stored.participantId,
                    contactId: stored.contactId, markdownAllowed: stored.markdownAllowed)
                wire = ConnectWire(start: .resume(chat, displayName: stored.displayName), endpoint: endpoint.absoluteString, ids: .random())
                outbox = stored.outbox
            } else {
                wire = ConnectWire(start: nextStart, endpoint: endpoint.absoluteString, ids: .random())
                outbox = carried
            }
            let saver = SessionSaver(store: store, key: key)
            let result = try await runner.runOnce(
                wire: wire, restoring: outbox, startedAt: resume?.startedAt, saver: saver, greeting: greeting)
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

    /// What the chat says when it resumed a stored one.
    static func resumedNotice(_ stored: StoredSession) -> String {
        let with = stored.partnerName.map { " with \($0)" } ?? ""
        return "Resumed your chat\(with) as \(stored.displayName) (started \(clock(stored.startedAt))) — /new or --new starts a fresh one."
    }

    /// The display name a start asks for, when it names one.
    static func displayName(of start: ConnectChatStart) -> String? {
        switch start {
        case .template(_, let name, _, _), .persistent(_, let name, _): name
        case .participantToken(_, let name): name
        case .resume(_, let name): name
        }
    }

    private static func merge(_ first: [OutboxEntry], _ second: [OutboxEntry]) -> [OutboxEntry] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0.localId).inserted }.map { entry in
            var entry = entry
            entry.failed = false
            return entry
        }
    }

    static func say(_ line: String) {
        StandardStreams.err(line)
    }

    static func clock(_ date: Date) -> String {
        PlainClock.string(date)
    }
}

/// `HH:MM` in the local time zone.
enum PlainClock {
    static func string(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
