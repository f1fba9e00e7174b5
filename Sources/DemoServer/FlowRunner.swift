import Foundation

/// Runs one contact's flow: the start steps, then keyword rules for every customer message, in order,
/// plus the current state's idle stages while the customer is silent.
final class FlowRunner: Sendable {
    /// What the runner reacts to.
    enum Trigger: Sendable {
        case start
        case message(id: String, text: String)
        case idle(generation: Int, stage: Int)
    }

    private let continuation: AsyncStream<Trigger>.Continuation
    private let task: Task<Void, Never>

    init(hub: ContactCenterHub, contactId: String, customerName: String, flow: DemoFlow, replyDelay: Duration) {
        let (stream, continuation) = AsyncStream.makeStream(of: Trigger.self)
        self.continuation = continuation
        task = Task { [weak hub] in
            var script = FlowScript(
                contactId: contactId, customerName: customerName, flow: flow, replyDelay: replyDelay,
                state: flow.initialState)
            var idle = IdleTimers(continuation: continuation, replyDelay: replyDelay)
            defer { idle.cancel() }
            for await trigger in stream {
                guard let hub, !Task.isCancelled else { return }
                do {
                    switch trigger {
                    case .start:
                        try await script.run(flow.onStart, hub: hub)
                    case .message(let id, let text):
                        idle.cancel()
                        if idle.fired {
                            idle.fired = false
                            await hub.personaEvent(
                                contactId, DemoFlow.customerKey,
                                contentType: EventType.prefix + "participant.returned", content: nil)
                        }
                        if let responder = flow.states[script.state]?.responder {
                            // Half a reply delay, so the receipt does not overtake the SendMessage response.
                            try await Task.sleep(for: replyDelay / 2)
                            await hub.personaReadReceipt(contactId, responder, messageId: id)
                        }
                        script.lastMessage = text
                        try await script.run(flow.steps(for: text, in: script.state), hub: hub)
                    case .idle(let generation, let stage):
                        guard generation == idle.generation, let stages = flow.states[script.state]?.idle,
                            stage < stages.count
                        else { continue }
                        idle.fired = true
                        try await script.run(stages[stage].steps, hub: hub)
                        continue
                    }
                    idle.arm(flow.states[script.state]?.idle ?? [])
                } catch {
                    return
                }
            }
        }
    }

    /// Runs the start steps (once the customer's socket subscribed).
    func start() { continuation.yield(.start) }

    /// Reacts to a customer message.
    func customerMessage(id: String, text: String) { continuation.yield(.message(id: id, text: text)) }

    /// Stops the flow; pending steps are dropped.
    func stop() {
        continuation.finish()
        task.cancel()
    }
}

/// The idle-stage timers of a running flow; a new generation invalidates older timers.
struct IdleTimers {
    let continuation: AsyncStream<FlowRunner.Trigger>.Continuation
    let replyDelay: Duration
    private(set) var generation = 0
    private var tasks: [Task<Void, Never>] = []
    /// Whether an idle stage ran since the customer last wrote (the next message is `participant.returned`).
    var fired = false

    init(continuation: AsyncStream<FlowRunner.Trigger>.Continuation, replyDelay: Duration) {
        self.continuation = continuation
        self.replyDelay = replyDelay
    }

    /// Starts one timer per stage, counted from now.
    mutating func arm(_ stages: [DemoFlow.IdleStage]) {
        cancel()
        let generation = self.generation
        let continuation = self.continuation
        for (index, stage) in stages.enumerated() {
            let delay = replyDelay * stage.after
            tasks.append(Task {
                guard (try? await Task.sleep(for: delay)) != nil else { return }
                continuation.yield(.idle(generation: generation, stage: index))
            })
        }
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
        var chunks: [String] = []
        var current = ""
        var words = 0
        for character in text {
            current.append(character)
            if character == " " || character == "\n" {
                words += 1
                if words == chunkWords {
                    chunks.append(current)
                    current = ""
                    words = 0
                }
            }
        }
        if !current.isEmpty { chunks.append(current) }
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
    let customerName: String
    let flow: DemoFlow
    let replyDelay: Duration
    var state: String
    var lastMessage = ""

    /// Replaces `{{customerName}}` and `{{message}}` (the customer's last message) in flow text.
    func expand(_ text: String) -> String {
        text.replacingOccurrences(of: "{{customerName}}", with: customerName)
            .replacingOccurrences(of: "{{message}}", with: lastMessage)
    }

    /// Executes steps in order; throws when cancelled.
    mutating func run(_ steps: [FlowStep], hub: ContactCenterHub) async throws {
        for step in steps {
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
            }
        }
    }
}
