import ChatEngine
import ChatModel
import Foundation

/// Carries out the steps of one script run against one session.
struct StepExecution {
    let session: ChatSession
    let inbox: EventInbox
    /// When reply frames arrived, for the added latency.
    let frames: FrameArrivals
    /// When the last message was sent, until its first reply is measured.
    private var pendingSend: ContinuousClock.Instant?
    /// The terminal connection state, once seen.
    private(set) var closedReason: String?
    /// True once the chat has ended (by `end` or by the other side).
    private(set) var ended = false
    /// The keys of the transcript items the script has read events about (for `expect-transcript`).
    private(set) var seenKeys: Set<String> = []

    /// How long a step waits when the script gives no `within`.
    let patience: Duration
    /// True when `expect-transcript` writes the golden files instead of comparing (`HELPLINE_UPDATE_GOLDEN=1`).
    let updatesGolden: Bool

    init(
        session: ChatSession, inbox: EventInbox, frames: FrameArrivals = FrameArrivals(),
        patience: Duration = ScriptParser.defaultWithin, updatesGolden: Bool = false
    ) {
        self.session = session
        self.inbox = inbox
        self.frames = frames
        self.patience = patience
        self.updatesGolden = updatesGolden
    }

    /// Performs one step.
    mutating func perform(_ step: ScriptStep) async -> StepResult {
        switch step.action {
        case .send(let text):
            return await send(text, step: step)
        case .expect(let pattern, let within):
            return await expectReply(pattern, within: within ?? patience, step: step)
        case .expectEvent(let kind, let namePattern, let within):
            return await expectEvent(kind, namePattern: namePattern, within: within ?? patience, step: step)
        case .pick(let number):
            return await pick(number, step: step)
        case .setField(let name, let value):
            // A view is filled in once it has loaded; a script does not have to time that itself.
            let deadline = ContinuousClock.now + patience
            while await session.isLoadingForm, ContinuousClock.now < deadline, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
            if let problem = await session.problem(.setField(name: name, value: value)) {
                return StepResult(step: step, failure: problem)
            }
            return StepResult(step: step, detail: value.isEmpty ? "cleared \(name)" : "\(name) = \"\(value)\"")
        case .attach(let path):
            return await attach(path, step: step)
        case .expectTranscript(let path):
            return await expectTranscript(path, step: step)
        case .signIn(let name):
            return await signIn(as: name, step: step)
        case .cancelAuthentication:
            if let closedReason { return StepResult(step: step, failure: "the chat is over (\(closedReason))") }
            if let problem = await session.problem(.cancelAuthentication) { return StepResult(step: step, failure: problem) }
            return StepResult(step: step, detail: "asked to cancel the sign-in")
        case .wait(let duration):
            try? await Task.sleep(for: duration)
            return StepResult(step: step)
        case .end:
            await session.end()
            let reason = await waitForEnd(within: patience)
            ended = true
            return StepResult(step: step, failure: reason == nil ? "the chat did not end within \(LatencyStats.format(patience))" : nil)
        }
    }

    /// Waits for a terminal connection state; returns its description, or `nil` on timeout.
    mutating func waitForEnd(within limit: Duration) async -> String? {
        let deadline = ContinuousClock.now + limit
        while closedReason == nil {
            let remaining = deadline - .now
            guard remaining > .zero, let arrival = await inbox.next(timeout: remaining) else { break }
            note(arrival.event)
        }
        if closedReason != nil { ended = true }
        return closedReason
    }

    /// Answers through the engine, so every kind of choice sends what the official clients send
    /// (a title, a carousel selection, a list page request, a form action).
    private mutating func pick(_ number: Int, step: ScriptStep) async -> StepResult {
        if let closedReason { return StepResult(step: step, failure: "the chat is over (\(closedReason))") }
        // The engine has every event before the script reads it, so its open picker is the one to answer.
        guard let titles = await session.openChoices, !titles.isEmpty else {
            return StepResult(step: step, failure: "no interactive message to pick from")
        }
        guard number <= titles.count else {
            return StepResult(step: step, failure: "the interactive message has \(titles.count) option(s), not \(number)")
        }
        if let problem = await session.problem(.pick(index: number)) { return StepResult(step: step, failure: problem) }
        pendingSend = .now
        return StepResult(step: step, detail: "picked \"\(titles[number - 1])\"")
    }

    private mutating func send(_ text: String, step: ScriptStep) async -> StepResult {
        if let closedReason { return StepResult(step: step, failure: "the chat is over (\(closedReason))") }
        guard await session.send(text) != nil else { return StepResult(step: step, failure: "the message was not accepted") }
        pendingSend = .now
        return StepResult(step: step)
    }

    private mutating func note(_ event: ChatEvent) {
        if case .connection(let state) = event, state.isTerminal { closedReason = state.summary }
        if case .transcript(let update) = event, let item = update.item { seenKeys.insert(item.key) }
    }

    private mutating func expectReply(_ pattern: String, within: Duration, step: ScriptStep) async -> StepResult {
        let begun = ContinuousClock.now
        let deadline = begun + within
        var streamingId: String?
        while true {
            let remaining = deadline - .now
            guard remaining > .zero, let arrival = await inbox.next(timeout: remaining) else {
                return StepResult(step: step, failure: unmet("no agent/bot reply", within: within))
            }
            note(arrival.event)
            let reply: ChatItem
            guard case .transcript(let update) = arrival.event, let item = update.item else { continue }
            if update.isNewItem, Self.isReply(item) {
                if item.isStreaming {
                    streamingId = item.id
                    continue
                }
                reply = item
            } else if !update.isNewItem, item.id == streamingId, !item.isStreaming {
                reply = item
            } else {
                continue
            }
            var latency: Duration?
            if let sent = pendingSend {
                latency = arrival.time - sent
                pendingSend = nil
            }
            let summary = Self.quote(reply)
            guard Self.matches(pattern, reply.displayText) else {
                return StepResult(step: step, failure: "expected /\(pattern)/, got \(summary)", replyLatency: latency)
            }
            // A reply that came while the script was busy elsewhere (a `wait`) counts from the step's start.
            let added = frames.arrival(of: reply.id).map { ContinuousClock.now - max($0, begun) }
            return StepResult(step: step, detail: summary, replyLatency: latency, addedLatency: added)
        }
    }

    private mutating func expectEvent(
        _ kind: ScriptEventKind, namePattern: String?, within: Duration, step: ScriptStep
    ) async -> StepResult {
        let deadline = ContinuousClock.now + within
        while true {
            let remaining = deadline - .now
            guard remaining > .zero, let arrival = await inbox.next(timeout: remaining) else {
                if kind == .ended, closedReason != nil { return StepResult(step: step, detail: closedReason) }
                let about = namePattern.map { " for /\($0)/" } ?? ""
                return StepResult(step: step, failure: unmet("no \(kind.rawValue) event\(about)", within: within))
            }
            note(arrival.event)
            if let name = Self.eventName(kind, arrival.event) {
                if let namePattern, !Self.matches(namePattern, name) { continue }
                if kind == .ended { ended = true }
                return StepResult(step: step, detail: name.isEmpty ? nil : name)
            }
        }
    }

    private func unmet(_ what: String, within: Duration) -> String {
        if let closedReason { return "\(what) before the chat was over (\(closedReason))" }
        return "\(what) within \(LatencyStats.format(within))"
    }

    /// The name an event is about when it is of `kind`, else `nil`.
    static func eventName(_ kind: ScriptEventKind, _ event: ChatEvent) -> String? {
        var new: ChatItem?
        if case .transcript(let update) = event, update.isNewItem { new = update.item }
        switch (kind, event) {
        case (.joined, _) where new?.kind == .event(.joined): return new?.sender.name
        case (.left, _) where new?.kind == .event(.left): return new?.sender.name
        case (.typing, .typing(let participant)): return participant.name
        case (.queue, .queuePosition(let position)): return position.map(String.init) ?? ""
        case (.ended, _) where new?.kind == .event(.chatEnded): return new?.text
        case (.ended, .connection(let state)) where state.isTerminal: return state.summary
        case (.authentication, _): return authenticationName(event, new: new)
        default: return nil
        }
    }

    /// True for messages and attachments from an agent or a bot.
    static func isReply(_ item: ChatItem) -> Bool {
        guard !item.isOwn, !item.isHistory, [.agent, .bot, .supervisor].contains(item.sender.role) else { return false }
        if case .event = item.kind { return false }
        return true
    }

    static func matches(_ pattern: String, _ text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    private static func quote(_ item: ChatItem) -> String {
        let flat = item.text.replacingOccurrences(of: "\n", with: " ")
        let short = flat.count > 80 ? String(flat.prefix(80)) + "…" : flat
        return "\(item.sender.name): \"\(short)\""
    }
}
