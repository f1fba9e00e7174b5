import AmazonConnect
import ChatEngine
import ChatResume
import Foundation
import PolyAI
import SessionCore
import Testing

/// Which chat each run starts or rejoins, for both protocols, and what follows a run.
@Suite("Resume plans")
struct ResumePlanTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let utc = TimeZone(identifier: "UTC") ?? .current

    static func entry(_ id: String, failed: Bool = false) -> OutboxEntry {
        OutboxEntry(localId: id, clientToken: "t-" + id, text: id, contentType: "text/plain", createdAt: t0, failed: failed)
    }

    static func stored(_ backend: String = "connect", name: String = "Sam", outbox: [OutboxEntry] = [], savedAt: Date = t0,
                       token: String = "token", contactId: String? = "contact-1") -> StoredSession {
        var session = StoredSession(
            backend: backend, endpoint: "http://127.0.0.1:1", participantToken: token, participantId: "p1", contactId: contactId,
            displayName: name, markdownAllowed: true, outbox: outbox, startedAt: t0, savedAt: savedAt)
        session.partnerName = "Ava"
        return session
    }

    static let template = ConnectChatStart.template(url: "http://127.0.0.1:1/start", displayName: "Sam", instanceId: nil, contactFlowId: nil)

    // MARK: Amazon Connect

    @Test("a stored live chat is rejoined with its unsent messages and says so")
    func storedChatIsResumed() {
        let plan = ConnectResumePlan(start: Self.template, stored: Self.stored(outbox: [Self.entry("a")]), timeZone: Self.utc)
        #expect(!plan.forgetsStored && plan.notice == nil)
        let run = plan.run
        guard case .resume(let chat, let name) = run.start else {
            Issue.record("not a resume: \(run.start)")
            return
        }
        #expect(chat.participantToken == "token" && chat.contactId == "contact-1" && name == "Sam")
        #expect(run.outbox.map(\.localId) == ["a"] && run.startedAt == Self.t0)
        #expect(run.greeting == "Resumed your chat with Ava as Sam (started 08:00) — /new or --new starts a fresh one.")
    }

    @Test("another display name starts a new chat and forgets the stored one; another protocol's file is ignored")
    func otherNameOrProtocolIsNotResumed() {
        let renamed = ConnectResumePlan(start: Self.template, stored: Self.stored(name: "Kim"))
        #expect(renamed.forgetsStored)
        #expect(renamed.notice == "Starting a new chat as Sam: the saved one was Kim's.")
        #expect(renamed.run.start == Self.template)
        let polyAI = ConnectResumePlan(start: Self.template, stored: Self.stored("polyai"))
        #expect(!polyAI.forgetsStored && polyAI.run.start == Self.template)
    }

    @Test("a stored chat that has ended goes on as a persistent chat, with what was typed for it once and not failed")
    func endedStoredChatContinues() {
        var plan = ConnectResumePlan(start: Self.template, stored: Self.stored(outbox: [Self.entry("a", failed: true), Self.entry("b")]))
        let step = plan.after(RunOutcome(ended: true, connected: false, newChatRequested: false, unsent: [Self.entry("b"), Self.entry("c")]))
        #expect(step == ResumeStep(
            runAgain: true, forgetStored: true, notice: "Your previous chat has ended; continuing it as a new chat with its history."))
        let run = plan.run
        #expect(run.start == .persistent(url: "http://127.0.0.1:1/start", displayName: "Sam", sourceContactId: "contact-1"))
        #expect(run.outbox.map(\.localId) == ["a", "b", "c"] && run.outbox.allSatisfy { !$0.failed })
        #expect(run.greeting == nil && run.startedAt == nil)
        // The new chat ends normally: done, and nothing is left to resume.
        #expect(plan.after(RunOutcome(ended: true, connected: true, newChatRequested: false)) == ResumeStep(runAgain: false, forgetStored: true))
    }

    @Test("a token start whose stored chat ended starts afresh (no template to continue it with)")
    func endedTokenChatStartsAgain() {
        let start = ConnectChatStart.participantToken("other", displayName: nil)
        var plan = ConnectResumePlan(start: start, stored: Self.stored())
        let step = plan.after(RunOutcome(ended: true, connected: false, newChatRequested: false))
        #expect(step.notice == "Your previous chat has ended; starting a new one." && step.runAgain)
        #expect(plan.run.start == start)
    }

    @Test("/new starts afresh and forgets; leaving a live chat keeps it to resume")
    func newAndLeave() {
        var plan = ConnectResumePlan(start: Self.template, stored: Self.stored(outbox: [Self.entry("a")]))
        #expect(plan.after(RunOutcome(ended: false, connected: true, newChatRequested: true)) == ResumeStep(runAgain: true, forgetStored: true))
        #expect(plan.run.start == Self.template && plan.run.outbox.isEmpty)
        #expect(plan.after(RunOutcome(ended: false, connected: true, newChatRequested: false)) == ResumeStep(runAgain: false, forgetStored: false))
    }

    // MARK: PolyAI

    /// A JWT whose payload is `{"exp": exp}` (the signature is not checked by the client).
    static func jwt(exp: Date) -> String {
        func segment(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return segment(#"{"alg":"HS256"}"#) + "." + segment("{\"exp\":\(Int(exp.timeIntervalSince1970))}") + ".sig"
    }

    static let polyAI = PolyAIOptions(apiKey: "key", hostId: "host", environment: .custom(rest: "http://127.0.0.1:1", ws: "ws://127.0.0.1:1"))

    @Test("a PolyAI session active less than 600 s ago is rejoined; an older one, or one with an expired token, is not")
    func polyAIFreshness() {
        let session = Self.stored("polyai", outbox: [Self.entry("a")], savedAt: Self.t0, token: Self.jwt(exp: Self.t0 + 3600))
        var plan = PolyAIResumePlan(options: Self.polyAI, stored: session, timeZone: Self.utc)
        let fresh = plan.next(now: Self.t0 + 599)
        #expect(fresh.options.resume?.sessionId == "contact-1" && fresh.outbox.map(\.localId) == ["a"])
        #expect(fresh.greeting == "Rejoined your PolyAI chat (started 08:00) — /new or --new starts a fresh one.")
        let stale = plan.next(now: Self.t0 + 601)
        #expect(stale.options.resume == nil && stale.outbox.isEmpty && stale.greeting == nil)
        let expired = Self.stored("polyai", savedAt: Self.t0, token: Self.jwt(exp: Self.t0 - 3600))
        var expiredPlan = PolyAIResumePlan(options: Self.polyAI, stored: expired)
        #expect(expiredPlan.next(now: Self.t0 + 10).options.resume == nil)
    }

    @Test("a PolyAI rejoin that cannot connect starts a fresh session; a fresh one that cannot connect is the end")
    func polyAIRejoinFailure() {
        let session = Self.stored("polyai", savedAt: Self.t0, token: Self.jwt(exp: Self.t0 + 3600))
        var plan = PolyAIResumePlan(options: Self.polyAI, stored: session)
        _ = plan.next(now: Self.t0 + 5)
        #expect(plan.after(RunOutcome(ended: true, connected: false, newChatRequested: false)) == ResumeStep(runAgain: true, forgetStored: true))
        #expect(plan.next(now: Self.t0 + 6).options.resume == nil)
        #expect(plan.after(RunOutcome(ended: true, connected: false, newChatRequested: false)) == ResumeStep(runAgain: false, forgetStored: true))
    }

    @Test("another display name is a new PolyAI chat; a Connect file is not PolyAI's")
    func polyAIOtherName() {
        var named = Self.polyAI
        named.displayName = "Kim"
        let plan = PolyAIResumePlan(options: named, stored: Self.stored("polyai", token: Self.jwt(exp: Self.t0 + 3600)))
        #expect(plan.forgetsStored && plan.notice == "Starting a new chat as Kim: the saved one was Sam's.")
        var connect = PolyAIResumePlan(options: Self.polyAI, stored: Self.stored("connect", token: Self.jwt(exp: Self.t0 + 3600)))
        #expect(!connect.forgetsStored && connect.next(now: Self.t0).options.resume == nil)
    }
}
