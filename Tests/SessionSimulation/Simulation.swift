import AmazonConnect
import ChatModel
import Foundation
import PolyAI
import SessionCore
import SimulatedServices

/// One seeded run of the real session core against a simulated contact center over a simulated
/// network: seeded latency, faults and user actions on a virtual clock. Nothing runs concurrently,
/// so a seed replays exactly.
public final class Simulation {
    /// The seed.
    public let seed: UInt64
    /// The protocol.
    public let wireProtocol: SimProtocol
    let plan: SimulationPlan
    let service: SimService
    var scheduler = VirtualScheduler()
    var actions: [Int: () -> Void] = [:]
    var nextAction = 0
    var rng: SimRandom
    var network = SimNetwork()

    /// The real driver, around the real core, for the current client incarnation (nil while it restarts).
    var driver: SessionDriver?
    var incarnation = 0
    var snapshot: SessionSnapshot?
    var records: [TranscriptRecord] = []
    /// What line mode would have printed, per client incarnation.
    var linePrints: [Int: LinePrintModel] = [:]
    var typed: [String] = []
    var finished = false
    var restarts = 0
    var settling = false
    var ended = false
    let keepsFullTrace: Bool
    var trace: [String] = []
    var counters: [String: Int] = [:]
    var scheduledWake: Int64?
    /// What the server should hold, in order: typed order, with messages the user retried moved to the end.
    var expectedOrder: [String] = []
    var retried: Set<String> = []
    var settleStartedAt: Int64 = 0
    var lastBusy: Int64 = 0
    var stepChecks = SimulationStepChecks()
    /// The first step whose invariants broke, with what broke.
    var stepViolations: [String] = []

    /// A run for `seed` over `protocol`; `fullTrace` keeps every line (else the last few hundred).
    public init(seed: UInt64, protocol wireProtocol: SimProtocol, fullTrace: Bool = false) {
        self.seed = seed
        self.wireProtocol = wireProtocol
        self.plan = SimulationPlan.make(seed: seed, wireProtocol: wireProtocol)
        self.rng = SimRandom(seed: seed ^ 0x5EED_0F_5E55)
        self.keepsFullTrace = fullTrace
        switch wireProtocol {
        case .connect: service = SimConnectService(seed: seed)
        case .polyai: service = SimPolyAIService(seed: seed, streaming: plan.streaming)
        }
    }

    /// Runs to the end and checks the invariants.
    public func run() -> SimulationResult {
        log("plan: latency \(plan.latency)±\(plan.jitter) ms, \(plan.steps.count) steps, faults until \(plan.faultsEnd) ms")
        if let polyAI = service as? SimPolyAIService { log("spec choices: \(polyAI.choices)") }
        if let connect = service as? SimConnectService { log("spec choices: \(connect.choices)") }
        for (time, step) in plan.steps { at(time) { self.perform(step) } }
        at(plan.faultsEnd) { self.beginSettling() }
        at(0) { self.startClient(restoring: nil) }
        let limit: Int64 = 4 * 3_600_000
        var steps = 0
        while !finished, let action = scheduler.pop() {
            steps += 1
            if scheduler.now > limit || steps > 400_000 {
                log("stopped: \(steps) steps, \(scheduler.now) ms")
                break
            }
            actions.removeValue(forKey: action)?()
            if let wake = service.nextWake, wake <= scheduler.now { serviceTick() }
            let broken = stepChecks.violations(of: self)
            if !broken.isEmpty {
                stepViolations = broken.map { "step \(steps) at \(scheduler.now) ms: \($0)" }
                log("stopped at step \(steps): an invariant broke")
                break
            }
        }
        let violations = stepViolations.isEmpty ? SimulationChecks(self).violations() : stepViolations
        return SimulationResult(
            seed: seed, wireProtocol: wireProtocol, violations: violations, trace: trace,
            counters: counters, virtualMillis: scheduler.now)
    }

    // MARK: - Scheduling

    /// Runs `body` at virtual time `time`.
    func at(_ time: Int64, _ body: @escaping () -> Void) {
        nextAction += 1
        actions[nextAction] = body
        scheduler.schedule(nextAction, at: time)
    }

    /// Runs `body` after `delay` milliseconds.
    func after(_ delay: Int64, _ body: @escaping () -> Void) {
        at(scheduler.now + max(0, delay), body)
    }

    var now: Int64 { scheduler.now }

    /// The wall-clock time the core is told.
    var date: Date { Date(timeIntervalSince1970: SimJSON.epochSeconds + Double(scheduler.now) / 1000) }

    func log(_ line: String) {
        trace.append(String(format: "%9.3f ", Double(scheduler.now) / 1000) + line)
        if !keepsFullTrace, trace.count > 600 { trace.removeFirst(trace.count - 400) }
    }

    func count(_ name: String) { counters[name, default: 0] += 1 }

    // MARK: - The client

    func startClient(restoring: SessionSnapshot?) {
        incarnation += 1
        stepChecks.clientStarted()
        let wire: any ChatWire
        let entry = service.entry
        let ids = IDSource(seed: seed &+ UInt64(incarnation) &* 7919)
        switch (wireProtocol, restoring) {
        case (.connect, nil):
            wire = ConnectWire(
                start: .template(url: entry.startURL, displayName: "Sim", instanceId: nil, contactFlowId: nil),
                endpoint: entry.endpoint, ids: ids)
        case (.connect, let snapshot?):
            let chat = StartedChat(
                participantToken: snapshot.credentials.token, participantId: snapshot.credentials.participantId,
                contactId: snapshot.credentials.contactId, markdownAllowed: snapshot.credentials.markdownAllowed)
            wire = ConnectWire(start: .resume(chat, displayName: snapshot.credentials.displayName), endpoint: entry.endpoint, ids: ids)
        case (.polyai, let snapshot):
            var options = PolyAIOptions(
                apiKey: entry.apiKey, hostId: "sim", environment: .custom(rest: entry.startURL, ws: entry.endpoint),
                streaming: plan.streaming, displayName: "Sim")
            if let snapshot, let session = snapshot.credentials.contactId {
                options.resume = PolyAIResumeRecord(accessToken: snapshot.credentials.token, sessionId: session, lastActivity: date)
            }
            wire = PolyAIWire(options: options, ids: ids)
        }
        var settings = CoreSettings()
        settings.recordsTranscript = true
        settings.sendsTyping = true
        settings.recordsDiagnostics = seed % 8 == 0  // exercised, but not on every seed: redacting frames is costly
        driver = SessionDriver(
            core: SessionCore(
                wire: wire, settings: settings, ids: IDSource(seed: seed &* 31 &+ UInt64(incarnation)), now: date,
                restoring: restoring?.outbox ?? [], startedAt: restoring?.startedAt))
        log("client \(incarnation) starts\(restoring == nil ? "" : " from a saved session with \(restoring?.outbox.count ?? 0) unsent")")
        feed(.start)
    }

    /// The current client's core.
    var core: SessionCore? { driver?.core }

    /// Hands the driver one input; it drops what is stale and carries out the core's effects through
    /// the simulated ports.
    func feed(_ input: SessionInput) {
        guard driver != nil else { return }
        let ports = SimulatedPorts(sim: self).bundle
        let effects = driver?.handle(input, now: date, ports: ports) ?? []
        driven(effects)
    }

    /// A wake-up came back to the current client: the driver fires the timer if `token` is current.
    func timerFired(_ key: TimerKey, token: Int) {
        guard driver != nil else { return }
        let ports = SimulatedPorts(sim: self).bundle
        let effects = driver?.timerFired(key, token: token, now: date, ports: ports) ?? []
        driven(effects)
    }

    /// Follows the sockets the core opened and closed, and stops the run once the chat is over.
    private func driven(_ effects: [SessionEffect]) {
        for effect in effects { stepChecks.follow(effect) }
        let over = effects.contains { if case .finished = $0 { true } else { false } }
        if over, core?.connectionState.isTerminal == true { finished = true }
    }
}
