import AmazonConnect
import ChatEngine
import Foundation
import SessionCore

/// Which Amazon Connect chat each run starts or rejoins: a stored live chat is resumed (unless the
/// user asked for another display name), an ended one is continued as a persistent chat with what
/// was typed for it, and `/new` starts afresh. Pure: the caller runs the chats and keeps the store.
///
/// ```swift
/// var plan = ConnectResumePlan(start: start, stored: store.load(key: key), timeZone: .current)
/// if plan.forgetsStored { store.remove(key: key) }
/// while true {
///     let run = plan.next(now: Date())
///     let outcome = … // run a chat from run.start with run.outbox
///     let step = plan.after(outcome)
///     if step.forgetStored { store.remove(key: key) }
///     if !step.runAgain { break }
/// }
/// ```
public struct ConnectResumePlan: ResumePlan {
    /// What the next run starts from.
    public struct Run: ResumeRun, Equatable {
        /// How the chat is started or rejoined.
        public var start: ConnectChatStart
        /// Messages typed earlier and not yet accepted, sent first.
        public var outbox: [OutboxEntry]
        /// When the rejoined chat began, when it is one.
        public var startedAt: Date?
        /// A notice shown in the chat once it is on screen.
        public var greeting: String?
    }

    private let start: ConnectChatStart
    private let timeZone: TimeZone
    private var resumed: StoredSession?
    private var nextStart: ConnectChatStart
    private var carried: [OutboxEntry] = []
    /// True when the stored session found at the start is not to be used: remove it.
    public private(set) var forgetsStored = false
    /// A line for the user before the first run, if any.
    public private(set) var notice: String?

    /// A plan for `start`, given the stored session (nil when there is none or `--new` was asked).
    public init(start: ConnectChatStart, stored: StoredSession?, timeZone: TimeZone = .current) {
        self.start = start
        self.nextStart = start
        self.timeZone = timeZone
        guard let stored, stored.backend == "connect" else { return }
        if let wanted = Self.displayName(of: start), wanted != stored.displayName {
            notice = "Starting a new chat as \(wanted): the saved one was \(stored.displayName)'s."
            forgetsStored = true
            return
        }
        resumed = stored
    }

    /// What the next run starts from.
    public var run: Run {
        guard let stored = resumed else { return Run(start: nextStart, outbox: carried, startedAt: nil, greeting: nil) }
        let chat = StartedChat(
            participantToken: stored.participantToken, participantId: stored.participantId,
            contactId: stored.contactId, markdownAllowed: stored.markdownAllowed)
        return Run(
            start: .resume(chat, displayName: stored.displayName), outbox: stored.outbox, startedAt: stored.startedAt,
            greeting: Self.resumedNotice(stored, timeZone: timeZone))
    }

    /// What the next run starts from (the same whatever the time).
    public mutating func next(now: Date) -> Run { run }

    /// What follows a run that ended with `outcome`.
    public mutating func after(_ outcome: RunOutcome) -> ResumeStep {
        if outcome.newChatRequested {
            (resumed, carried, nextStart) = (nil, [], start)
            return ResumeStep(runAgain: true, forgetStored: true)
        }
        if let stored = resumed, !outcome.connected, outcome.ended {
            // The stored chat is over; keep what was typed for it and go on in a new one.
            resumed = nil
            carried = Self.merge(stored.outbox, outcome.unsent)
            if case .template(let url, let name, _, _) = start, let contactId = stored.contactId {
                nextStart = .persistent(url: url, displayName: name, sourceContactId: contactId)
                return ResumeStep(
                    runAgain: true, forgetStored: true,
                    notice: "Your previous chat has ended; continuing it as a new chat with its history.")
            }
            nextStart = start
            return ResumeStep(runAgain: true, forgetStored: true, notice: "Your previous chat has ended; starting a new one.")
        }
        return ResumeStep(runAgain: false, forgetStored: outcome.ended)
    }

    /// What the chat says when it resumed a stored one.
    static func resumedNotice(_ stored: StoredSession, timeZone: TimeZone) -> String {
        let with = stored.partnerName.map { " with \($0)" } ?? ""
        return "Resumed your chat\(with) as \(stored.displayName) (started \(ChatClock.string(stored.startedAt, timeZone: timeZone)))"
            + " — /new or --new starts a fresh one."
    }

    /// The display name a start asks for, when it names one.
    static func displayName(of start: ConnectChatStart) -> String? {
        switch start {
        case .template(_, let name, _, _), .persistent(_, let name, _): name
        case .participantToken(_, let name): name
        case .resume(_, let name): name
        }
    }

    /// The stored chat's unsent messages, then the last run's, each once, none marked failed.
    private static func merge(_ first: [OutboxEntry], _ second: [OutboxEntry]) -> [OutboxEntry] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0.localId).inserted }.map { entry in
            var entry = entry
            entry.failed = false
            return entry
        }
    }
}
