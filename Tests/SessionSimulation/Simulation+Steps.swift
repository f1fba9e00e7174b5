import ChatModel
import Foundation
import SessionCore
import SimulatedServices

/// The user's actions and the faults of a plan, and how the user lets a chat settle and ends it.
extension Simulation {
    func perform(_ step: SimulationPlan.Step) {
        switch step {
        case .type(let text): type(text)
        case .typing: feed(.command(.typing))
        case .pick: pick()
        case .suspend: feed(.command(.suspend))
        case .resume: feed(.command(.resume))
        case .reset: feed(.command(.reset))
        case .agentSays(let text):
            log("agent says \(text)")
            for (connection, output) in service.agentSays(text, now: now) { deliver(output, to: connection) }
        case .fault(let fault): inject(fault)
        }
    }

    /// The user types a line (later, while the program restarts; not at all once the chat is over).
    func type(_ text: String) {
        guard let core else {
            after(500) { self.type(text) }
            return
        }
        guard !core.connectionState.isClosed, !service.hasEnded else {
            log("not typed (the chat is over): \(text)")
            return
        }
        typed.append(text)
        expectedOrder.append(text)
        log("user types \(text)")
        feed(.command(.send(text)))
    }

    func pick() {
        guard let core, let picker = core.openPicker, let choices = picker.choices, !core.connectionState.isClosed else { return }
        let index = rng.int(1...choices.count)
        let reply = picker.choiceReplies?[index - 1].content ?? choices[index - 1]
        typed.append(reply)
        expectedOrder.append(reply)
        log("user picks \(index): \(reply) (offered by \(picker.id))")
        feed(.command(.pick(index: index)))
    }

    func inject(_ fault: SimulationPlan.Fault) {
        log("fault: \(fault)")
        count("fault")
        switch fault {
        case .dropAbrupt:
            for id in currentLinks {
                guard var link = network.links[id] else { continue }
                link.open = false
                network.links[id] = link
                let connection = link.connection
                service.socketClosed(connection, now: now)
                after(latency()) { self.feed(.socketClosed(id, .afterOpen(code: nil))) }
            }
        case .dropClean(let code):
            for id in currentLinks {
                guard let link = network.links[id] else { continue }
                deliver(SimSocketOutput(frames: [], close: code), to: link.connection)
            }
        case .halfOpen:
            for id in currentLinks { network.links[id]?.halfOpen = true }
        case .partition(let span):
            network.partitionUntil = now + span
            for id in currentLinks { network.links[id]?.halfOpen = true }
        case .restart(let downtime):
            crash(for: downtime)
        case .restFailures(let p, let span):
            service.faults.restFailure = p
            after(span) { self.service.faults.restFailure = 0 }
        case .lostAnswers(let p, let span):
            service.faults.lostAnswer = p
            after(span) { self.service.faults.lostAnswer = 0 }
        case .lostEchoes(let p, let span):
            service.faults.lostEcho = p
            after(span) { self.service.faults.lostEcho = 0 }
        case .reorder(let span):
            network.reorderUntil = now + span
        case .duplicate(let span):
            network.duplicateUntil = now + span
        case .expireTokens:
            service.expireTokens()
        case .expireTokensEvery(let period, let span):
            expireTokens(every: period, until: now + span)
        case .serverEnd:
            for (connection, output) in service.endChat(now: now) { deliver(output, to: connection) }
        }
    }

    /// Expires the tokens now and again every `period` until `end`.
    private func expireTokens(every period: Int64, until end: Int64) {
        service.expireTokens()
        log("tokens expired")
        guard now + period < end else { return }
        after(period) { self.expireTokens(every: period, until: end) }
    }

    /// The program dies: whatever it last saved is what the next one starts from.
    func crash(for downtime: Int64) {
        guard core != nil, let saved = snapshot, !service.hasEnded else {
            log("no restart: nothing saved yet (never connected) or the chat is over")
            return
        }
        restarts += 1
        log("client \(incarnation) dies")
        driver = nil
        for id in currentLinks {
            guard var link = network.links[id] else { continue }
            link.open = false
            network.links[id] = link
            let connection = link.connection
            after(latency()) { self.service.socketClosed(connection, now: self.now) }
        }
        incarnation += 1
        after(downtime) { self.startClient(restoring: saved) }
    }

    /// Faults stop; the user waits until everything typed is through, reads back what it missed, then ends.
    func beginSettling() {
        log("faults end; settling")
        settling = true
        service.faults = SimServiceFaults()
        network.partitionUntil = -1
        network.reorderUntil = -1
        network.duplicateUntil = -1
        settleStartedAt = now
        after(1000) { self.settle() }
    }

    func settle() {
        guard !finished else { return }
        defer { after(1000) { self.settle() } }
        guard let core else { return }
        if now - settleStartedAt > 30 * 60_000 {
            log("gave up settling")
            finished = true
            return
        }
        switch core.connectionState {
        case .failed:
            feed(.command(.reconnectNow))
            return
        case .idle where core.hasConnected:
            feed(.command(.resume))
            return
        case .closed, .closing:
            return
        default:
            break
        }
        // A message that failed although it could be sent (no echo came three times) is sent again.
        for entry in core.unsentMessages where entry.failed && entry.refusal == nil && !retried.contains(entry.localId) {
            retried.insert(entry.localId)
            expectedOrder.removeAll { $0 == entry.text }
            expectedOrder.append(entry.text)
            log("user retries \(entry.text)")
            feed(.command(.retry(localId: entry.localId)))
        }
        guard core.connectionState == .open, !service.hasEnded else { return }
        // A socket that went silent just before the faults ended is found by its heartbeats: give them time.
        let heartbeat: Int64 = wireProtocol == .connect ? 10_000 : 30_000
        guard now - settleStartedAt >= 2 * heartbeat + 5_000 + 4 * (plan.latency + plan.jitter) else { return }
        guard core.unsentMessages.allSatisfy(\.failed) else { return }
        if core.hasOlderPages {
            feed(.command(.loadOlder))
            return
        }
        if service.nextWake != nil { lastBusy = now }
        guard now - lastBusy >= 3000 else { return }
        guard !ended else { return }
        ended = true
        log("user ends the chat")
        feed(.command(.end))
    }
}
