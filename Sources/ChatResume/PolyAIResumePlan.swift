import ChatEngine
import Foundation
import PolyAI
import SessionCore

/// Which PolyAI session each run joins: one active less than 600 s ago with a usable token is
/// rejoined (unless the user asked for another display name), a rejoin that cannot connect and
/// `/new` start a fresh one. Pure: the caller runs the chats and keeps the store.
public struct PolyAIResumePlan: ResumePlan {
    /// What the next run joins.
    public struct Run: ResumeRun {
        /// The options for the run, with `resume` set when a session is rejoined.
        public var options: PolyAIOptions
        /// Messages typed earlier and not yet accepted, sent first.
        public var outbox: [OutboxEntry]
        /// When the rejoined chat began, when it is one.
        public var startedAt: Date?
        /// A notice shown in the chat once it is on screen.
        public var greeting: String?
    }

    private let options: PolyAIOptions
    private let timeZone: TimeZone
    private var stored: StoredSession?
    private var rejoining = false
    /// True when the stored session found at the start is not to be used: remove it.
    public private(set) var forgetsStored = false
    /// A line for the user before the first run, if any.
    public private(set) var notice: String?

    /// The store key for a deployment and host (no secrets in it).
    public static func key(_ options: PolyAIOptions) -> String {
        SessionStore.key(profile: "polyai", endpoint: options.environment.restBase + " " + options.hostId)
    }

    /// A plan for `options`, given the stored session (nil when there is none or `--new` was asked).
    public init(options: PolyAIOptions, stored: StoredSession?, timeZone: TimeZone = .current) {
        self.options = options
        self.timeZone = timeZone
        guard let stored, stored.backend == "polyai" else { return }
        if let wanted = options.announcedName, wanted != stored.displayName {
            notice = "Starting a new chat as \(wanted): the saved one was \(stored.displayName)'s."
            forgetsStored = true
            return
        }
        self.stored = stored
    }

    /// What the next run joins, at `now` (a stored session too old or with an expired token is not rejoined).
    public mutating func next(now: Date) -> Run {
        var current = options
        current.resume = stored.flatMap(Self.record).flatMap { $0.isFresh(now: now) ? $0 : nil }
        rejoining = current.resume != nil
        guard rejoining, let stored else { return Run(options: current, outbox: [], startedAt: nil, greeting: nil) }
        return Run(
            options: current, outbox: stored.outbox, startedAt: stored.startedAt,
            greeting: "Rejoined your PolyAI chat (started \(ChatClock.string(stored.startedAt, timeZone: timeZone)))"
                + " — /new or --new starts a fresh one.")
    }

    /// What follows a run that ended with `outcome`.
    public mutating func after(_ outcome: RunOutcome) -> ResumeStep {
        if outcome.newChatRequested || (rejoining && !outcome.connected) {
            stored = nil
            return ResumeStep(runAgain: true, forgetStored: true)
        }
        return ResumeStep(runAgain: false, forgetStored: outcome.ended)
    }

    private static func record(_ stored: StoredSession) -> PolyAIResumeRecord? {
        guard let sessionId = stored.contactId else { return nil }
        return PolyAIResumeRecord(accessToken: stored.participantToken, sessionId: sessionId, lastActivity: stored.savedAt)
    }
}
