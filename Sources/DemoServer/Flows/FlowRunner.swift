import Foundation

/// Runs one contact's flow: the start steps, then keyword rules for every customer message, in order,
/// plus the current state's idle stages while the customer is silent, and live-agent handoffs.
final class FlowRunner: Sendable {
    /// What the runner reacts to.
    enum Trigger: Sendable {
        /// Run the start steps; `customerName`, when given, replaces the name the chat started with.
        case start(customerName: String?)
        case message(id: String, text: String, answer: InteractiveAnswer?)
        case idle(generation: Int, stage: Int)
        case queueTick(generation: Int)
        case humanAccepted(HandoffPlan)
        case humanReleased
        /// A sign-in an `authenticate` step asked for ended (`name`: who signed in).
        case authenticated(AuthenticationPlan, outcome: DemoAuthenticationOutcome, name: String)
    }

    private let continuation: AsyncStream<Trigger>.Continuation
    private let task: Task<Void, Never>

    init(hub: ContactCenterHub, contactId: String, customerName: String, flow: DemoFlow, replyDelay: Duration,
         timerSleep: @escaping @Sendable (Duration) async throws -> Void)
    {
        let (stream, continuation) = AsyncStream.makeStream(of: Trigger.self)
        self.continuation = continuation
        task = Task { [weak hub] in
            var script = FlowScript(
                contactId: contactId, customerName: customerName, flow: flow, replyDelay: replyDelay,
                state: flow.initialState)
            var idle = FlowTimers(continuation: continuation, replyDelay: replyDelay, sleep: timerSleep)
            var queue = FlowTimers(continuation: continuation, replyDelay: replyDelay, sleep: timerSleep)
            defer {
                idle.cancel()
                queue.cancel()
            }
            for await trigger in stream {
                guard let hub, !Task.isCancelled else { return }
                do {
                    switch trigger {
                    case .start(let name):
                        if let name { script.customerName = name }
                        try await script.run(flow.onStart, hub: hub)
                    case .message(let id, let text, let answer):
                        idle.cancel()
                        if idle.fired {
                            idle.fired = false
                            await hub.personaEvent(
                                contactId, DemoFlow.customerKey,
                                contentType: EventType.prefix + "participant.returned", content: nil)
                        }
                        script.lastMessage = text
                        script.lastFields = answer?.fields ?? [:]
                        // While queued or with a live agent, the customer talks to people, not to the flow.
                        guard script.isWithFlow else { continue }
                        if let responder = flow.states[script.state]?.responder {
                            // Half a reply delay, so the receipt does not overtake the SendMessage response.
                            try await Task.sleep(for: replyDelay / 2)
                            await hub.personaReadReceipt(contactId, responder, messageId: id)
                        }
                        try await script.run(flow.steps(for: text, action: answer?.action, in: script.state), hub: hub)
                    case .idle(let generation, let stage):
                        guard generation == idle.generation, script.isWithFlow,
                            let stages = flow.states[script.state]?.idle, stage < stages.count
                        else { continue }
                        idle.fired = true
                        try await script.run(stages[stage].steps, hub: hub)
                        if script.handoff != nil { idle.cancel() }
                        continue
                    case .queueTick(let generation):
                        guard generation == queue.generation else { continue }
                        try await script.queueTick(hub: hub)
                    case .humanAccepted(let plan):
                        script.humanTookOver(plan)
                        queue.cancel()
                        idle.cancel()
                        continue
                    case .humanReleased:
                        try await script.humanReleased(hub: hub)
                    case .authenticated(let plan, let outcome, let name):
                        if outcome == .succeeded { script.signedInName = name }
                        guard script.isWithFlow else { continue }
                        try await script.run(plan.steps(for: outcome), hub: hub)
                    }
                    if let pending = script.handoff {
                        queue.arm(after: pending.plan.every)
                    } else {
                        queue.cancel()
                    }
                    if script.isWithFlow { idle.arm(flow.states[script.state]?.idle ?? []) } else { idle.cancel() }
                } catch {
                    return
                }
            }
        }
    }

    /// Runs the start steps (once the customer's socket subscribed).
    func start(customerName: String? = nil) { continuation.yield(.start(customerName: customerName)) }

    /// Reacts to a customer message (`answer`: what an interactive response said).
    func customerMessage(id: String, text: String, answer: InteractiveAnswer? = nil) {
        continuation.yield(.message(id: id, text: text, answer: answer))
    }

    /// An agent console took the queued chat (the desk already announced it and joined the agent).
    func humanAccepted(_ plan: HandoffPlan) { continuation.yield(.humanAccepted(plan)) }

    /// The live agent handed the chat back to the flow.
    func humanReleased() { continuation.yield(.humanReleased) }

    /// A sign-in the flow asked for ended: its branch runs.
    func authenticationEnded(_ plan: AuthenticationPlan, outcome: DemoAuthenticationOutcome, name: String) {
        continuation.yield(.authenticated(plan, outcome: outcome, name: name))
    }

    /// Stops the flow; pending steps are dropped.
    func stop() {
        continuation.finish()
        task.cancel()
    }
}

/// Timers of a running flow (idle stages, queue ticks); a new generation invalidates older timers.
struct FlowTimers {
    let continuation: AsyncStream<FlowRunner.Trigger>.Continuation
    let replyDelay: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    private(set) var generation = 0
    private var tasks: [Task<Void, Never>] = []
    /// Whether an idle stage ran since the customer last wrote (the next message is `participant.returned`).
    var fired = false

    init(continuation: AsyncStream<FlowRunner.Trigger>.Continuation, replyDelay: Duration,
         sleep: @escaping @Sendable (Duration) async throws -> Void)
    {
        self.continuation = continuation
        self.replyDelay = replyDelay
        self.sleep = sleep
    }

    /// Starts one timer per idle stage, counted from now.
    mutating func arm(_ stages: [DemoFlow.IdleStage]) {
        cancel()
        for (index, stage) in stages.enumerated() {
            let generation = self.generation
            schedule(after: stage.after) { .idle(generation: generation, stage: index) }
        }
    }

    /// Starts one queue tick `units` reply delays from now.
    mutating func arm(after units: Double) {
        cancel()
        let generation = self.generation
        schedule(after: units) { .queueTick(generation: generation) }
    }

    private mutating func schedule(after units: Double, _ trigger: @escaping @Sendable () -> FlowRunner.Trigger) {
        let delay = replyDelay * units
        let continuation = self.continuation
        let sleep = self.sleep
        tasks.append(Task {
            guard (try? await sleep(delay)) != nil, !Task.isCancelled else { return }
            continuation.yield(trigger())
        })
    }

    /// Cancels the pending timers and invalidates any already queued.
    mutating func cancel() {
        generation += 1
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }
}

extension FlowScript {
    /// Sends `text` as streamed chunks of `chunkWords` words (a quarter reply delay apart), then the whole message.
    func stream(_ text: String, persona: String, contentType: String, chunkWords: Int, hub: ContactCenterHub)
        async throws
    {
        let messageId = ContactCenterHub.newId()
        let chunks = ContactCenterHub.fragments(text, words: chunkWords)
        for (index, chunk) in chunks.enumerated() {
            await hub.personaChunk(contactId, persona, messageId: messageId, text: chunk, number: index + 1,
                                   contentType: contentType)
            try await Task.sleep(for: replyDelay / 4)
        }
        await hub.personaStreamEnd(contactId, persona, messageId: messageId, text: text, contentType: contentType)
    }
}

/// The mutable part of a running flow: current state and step execution.
struct FlowScript {
    let contactId: String
    var customerName: String
    let flow: DemoFlow
    let replyDelay: Duration
    var state: String
    var lastMessage = ""
    /// The fields of the customer's last view answer, for `{{field.NAME}}`.
    var lastFields: [String: String] = [:]
    /// The queued handoff, while the chat waits for a live agent.
    var handoff: PendingHandoff?
    /// The plan of the handoff a live agent (console) took, while that agent has the chat.
    var human: HandoffPlan?
    /// The name the customer signed in with (`authenticate`), for `{{signedInName}}`.
    var signedInName = ""

    /// True when the flow (not a queue or a live agent) answers the customer.
    var isWithFlow: Bool { handoff == nil && human == nil }

    /// Replaces `{{customerName}}`, `{{message}}` (the customer's last message) and `{{field.NAME}}`
    /// (a field of the customer's last view answer, empty when not sent) in flow text.
    func expand(_ text: String) -> String {
        var expanded = text.replacingOccurrences(of: "{{customerName}}", with: customerName)
            .replacingOccurrences(of: "{{message}}", with: lastMessage)
            .replacingOccurrences(of: "{{signedInName}}", with: signedInName)
        while let start = expanded.range(of: "{{field."), let end = expanded.range(of: "}}", range: start.upperBound..<expanded.endIndex) {
            let name = String(expanded[start.upperBound..<end.lowerBound])
            expanded.replaceSubrange(start.lowerBound..<end.upperBound, with: lastFields[name] ?? "")
        }
        return expanded
    }

    /// Executes steps in order; throws when cancelled.
    mutating func run(_ steps: [FlowStep], hub: ContactCenterHub) async throws {
        for (index, step) in steps.enumerated() {
            try Task.checkCancellation()
            switch step.action {
            case .say(let text, let persona, let contentType, let typing, let plain):
                if typing {
                    await hub.personaTyping(contactId, persona)
                    try await Task.sleep(for: replyDelay)
                }
                await hub.personaMessage(
                    contactId, persona, text: expand(text), contentType: contentType, plain: plain.map(expand))
            case .stream(let text, let persona, let contentType, let chunkWords):
                try await stream(expand(text), persona: persona, contentType: contentType, chunkWords: chunkWords,
                                 hub: hub)
            case .join(let persona):
                await hub.ensurePersona(contactId, persona)
            case .leave(let persona):
                await hub.personaLeave(contactId, persona)
            case .typing(let persona):
                await hub.personaTyping(contactId, persona)
            case .pause(let units):
                try await Task.sleep(for: replyDelay * units)
            case .event(let contentType, let persona, let content):
                await hub.personaEvent(contactId, persona, contentType: contentType, content: content.map(expand))
            case .goto(let target):
                state = target
            case .end:
                await hub.endChat(contactId, customerLeft: false)
                return
            case .handoff(let plan):
                await enterQueue(plan, rest: Array(steps[(index + 1)...]), hub: hub)
                return
            case .invite(let persona):
                await hub.personaInvite(contactId, persona)
            case .rename(let persona, let displayName):
                await hub.personaRename(contactId, persona, to: displayName)
            case .authenticate(let plan):
                await hub.startAuthentication(contactId, plan: plan)
            }
        }
    }
}
