import Foundation

/// A chat waiting in the live-agent queue.
struct PendingHandoff: Sendable {
    var plan: HandoffPlan
    /// Steps after the `handoff` step: the scripted agent's takeover.
    var rest: [FlowStep]
    /// Next index into the scripted position ladder.
    var ladderIndex = 0
    /// Reply delays spent waiting so far.
    var waited: Double = 0
    /// The position last announced to the customer.
    var announced: Int?
}

/// The flow's side of a live-agent handoff (see docs/flows.md, "Handoff").
extension FlowScript {
    /// Queues the chat and announces its first position; the runner then ticks every `plan.every`.
    mutating func enterQueue(_ plan: HandoffPlan, rest: [FlowStep], hub: ContactCenterHub) async {
        var pending = PendingHandoff(plan: plan, rest: rest)
        let status = await hub.enqueueHandoff(contactId, customerName: customerName, plan: plan)
        await announce(&pending, status: status, hub: hub)
        handoff = pending
    }

    /// One queue tick: a new position, the scripted agent's takeover, or the timeout.
    mutating func queueTick(hub: ContactCenterHub) async throws {
        guard var pending = handoff else { return }
        pending.waited += pending.plan.every
        let status = await hub.handoffStatus(contactId)
        guard status.position != nil else {
            // Taken by a console in the meantime (its acceptance arrives as its own trigger).
            handoff = nil
            return
        }
        let ladderDone = pending.ladderIndex >= pending.plan.positions.count
        if !status.agentsOnline, ladderDone, pending.plan.persona != nil {
            handoff = nil
            // An agent console may have taken it meanwhile; its acceptance then wins.
            guard await hub.leaveQueue(contactId) else { return }
            try await run(pending.rest, hub: hub)
            return
        }
        if let timeout = pending.plan.timeout, pending.waited >= timeout {
            handoff = nil
            guard await hub.queueTimedOut(contactId) else { return }
            try await run(pending.plan.onTimeout, hub: hub)
            return
        }
        await announce(&pending, status: status, hub: hub)
        handoff = pending
    }

    /// Tells the customer its place: the real one when agent consoles are online, else the next scripted one.
    private func announce(_ pending: inout PendingHandoff, status: HandoffStatus, hub: ContactCenterHub) async {
        let position: Int
        if status.agentsOnline, let real = status.position {
            position = real
        } else if pending.ladderIndex < pending.plan.positions.count {
            position = pending.plan.positions[pending.ladderIndex]
            pending.ladderIndex += 1
        } else {
            return
        }
        guard position != pending.announced else { return }
        pending.announced = position
        await hub.announceQueuePosition(
            contactId,
            PolyAIQueueAnnouncement(
                position: position, queue: pending.plan.queue, text: pending.plan.positionMessage(position),
                waitSeconds: position * 60))
    }

    /// An agent console took the chat: the flow stops answering until it is handed back.
    mutating func humanTookOver(_ plan: HandoffPlan) {
        human = plan
        handoff = nil
    }

    /// The live agent handed the chat back: the plan's release steps run.
    mutating func humanReleased(hub: ContactCenterHub) async throws {
        guard let plan = human else { return }
        human = nil
        try await run(plan.onRelease, hub: hub)
    }
}
