import AmazonConnect
import ChatEngine
import ChatResume
import Foundation
import PolyAI
import SessionCore
import TerminalRuntime

/// Runs chats one after another as a protocol's ``ResumePlan`` says (rejoin, continue, start
/// afresh on `/new`), keeping the session store current while each runs.
struct ResumingChatLoop {
    let runner: ChatRunner
    let store: SessionStore
    let key: String
    let forceNew: Bool

    /// Runs until the user leaves; returns the exit code. `plan` makes the policy from the stored
    /// session (nil with `--new`); `wire` makes the protocol for one run.
    func run<Plan: ResumePlan>(plan make: (StoredSession?) -> Plan, wire: (Plan.Run) -> any ChatWire) async throws -> Int32 {
        if forceNew { store.remove(key: key) }
        let stored = forceNew ? nil : store.load(key: key)
        var plan = make(stored)
        // Attachments the last run was still uploading when it stopped: shown in the next chat as not sent.
        var uploads = stored?.uploads ?? []
        if plan.forgetsStored { store.remove(key: key) }
        if let notice = plan.notice { StandardStreams.err(notice) }
        // A folder that cannot be written is said at the start, inside the first chat, not only when a save fails.
        let resumeOff = ResumeOffNotice()
        var startNotice = store.problem().flatMap(resumeOff.take)
        while true {
            let run = plan.next(now: Date())
            let result = try await runner.runOnce(
                wire: wire(run), restoring: run.outbox, restoringUploads: uploads, startedAt: run.startedAt,
                saver: SessionSaver(store: store, key: key, resumeOff: resumeOff),
                greetings: [run.greeting, startNotice].compactMap { $0 })
            startNotice = nil
            uploads = []
            let step = plan.after(result.outcome)
            if step.forgetStored { store.remove(key: key) }
            if let notice = step.notice { StandardStreams.err(notice) }
            if !step.runAgain { return try runner.exitCode(for: result) }
        }
    }
}

extension ResumingChatLoop {
    /// Amazon Connect chats started with `start` on the Participant Service at `endpoint`;
    /// `authRedirect` is where a sign-in's browser goes afterwards (nil: the endpoint's own page).
    func run(connect start: ConnectChatStart, endpoint: URL, authRedirect: String? = nil) async throws -> Int32 {
        try await run(plan: { ConnectResumePlan(start: start, stored: $0) }) {
            var wire = ConnectWire(start: $0.start, endpoint: endpoint.absoluteString, ids: .random())
            wire.authenticationRedirect = authRedirect
            return wire
        }
    }

    /// PolyAI chats with `options`.
    func run(polyAI options: PolyAIOptions) async throws -> Int32 {
        try await run(plan: { PolyAIResumePlan(options: options, stored: $0) }) { PolyAIWire(options: $0.options, ids: .random()) }
    }
}
