import SimulatedServices

/// Which wire protocol a simulation runs.
public enum SimProtocol: String, CaseIterable, Sendable {
    /// Amazon Connect (REST sends, socket for the rest).
    case connect
    /// PolyAI Messaging (everything on the socket, streamed replies).
    case polyai
}

/// What one seed's run does: the network's latency, the user's actions and the faults, all drawn from the seed.
struct SimulationPlan {
    /// Something that happens at a virtual time.
    enum Step {
        case type(String)
        case typing
        case pick
        case suspend
        case resume
        case reset
        case agentSays(String)
        case fault(Fault)
    }

    /// A fault and how long it lasts (milliseconds, where it lasts).
    enum Fault {
        case dropAbrupt
        case dropClean(code: Int)
        case halfOpen(Int64)
        case partition(Int64)
        case restart(Int64)
        case restFailures(Double, Int64)
        case lostAnswers(Double, Int64)
        case lostEchoes(Double, Int64)
        case reorder(Int64)
        case duplicate(Int64)
        case expireTokens
        /// Tokens expire again and again: every `period` for `span` (a backend with short-lived tokens).
        case expireTokensEvery(period: Int64, span: Int64)
        case serverEnd
    }

    /// One-way latency, and how much each message's may vary.
    var latency: Int64
    var jitter: Int64
    /// Steps in time order.
    var steps: [(at: Int64, step: Step)]
    /// When faults stop, so the chat can settle.
    var faultsEnd: Int64
    /// Whether PolyAI replies stream.
    var streaming: Bool

    /// The plan for `seed`.
    static func make(seed: UInt64, wireProtocol: SimProtocol) -> SimulationPlan {
        var rng = SimRandom(seed: seed)
        let latency = [0, 5, 20, 100, 300, 1000, 3000][rng.int(0...6)] as Int64
        let jitter = rng.chance(0.5) ? latency / 2 : latency * 2
        var steps: [(Int64, Step)] = []
        var time: Int64 = rng.millis(0...2000)
        let messages = rng.int(4...22)
        for index in 1...messages {
            // Sometimes a burst (a paste): several lines at the same moment.
            if !rng.chance(0.35) { time += rng.millis(0...8000) }
            steps.append((time, .type("m\(index) " + words(&rng))))
            if rng.chance(0.3) { steps.append((time - 1, .typing)) }
            if rng.chance(0.15) { steps.append((time + rng.millis(500...3000), .pick)) }
            if rng.chance(0.2) { steps.append((time + rng.millis(0...5000), .agentSays("news \(index) " + words(&rng)))) }
        }
        if rng.chance(0.2) {
            let at = rng.millis(0...time)
            steps.append((at, .suspend))
            steps.append((at + rng.millis(100...20000), .resume))
        }
        if rng.chance(0.15), wireProtocol == .connect { steps.append((rng.millis(1000...time + 1000), .reset)) }
        let faultsEnd = time + rng.millis(1000...30000)
        for _ in 0..<rng.int(0...7) {
            let at = rng.millis(0...faultsEnd)
            steps.append((at, .fault(fault(&rng, wireProtocol: wireProtocol, until: faultsEnd - at))))
        }
        if rng.chance(0.1) { steps.append((faultsEnd + rng.millis(0...20000), .fault(.serverEnd))) }
        return SimulationPlan(
            latency: latency, jitter: jitter, steps: steps.sorted { $0.0 < $1.0 }.map { (at: $0.0, step: $0.1) },
            faultsEnd: faultsEnd, streaming: rng.chance(0.7))
    }

    private static func fault(_ rng: inout SimRandom, wireProtocol: SimProtocol, until limit: Int64) -> Fault {
        let span = max(1, min(limit, 60000))
        switch rng.int(0...12) {
        case 0, 1: return .dropAbrupt
        case 2: return .dropClean(code: wireProtocol == .polyai ? [1001, 4002, 4003, 1006][rng.int(0...3)] : 1001)
        case 3: return .halfOpen(rng.millis(1000...max(1000, span)))
        case 4: return .partition(rng.millis(500...max(500, span)))
        case 5, 6: return .restart(rng.millis(0...20000))
        case 7: return .restFailures([0.1, 0.3, 0.7][rng.int(0...2)], rng.millis(1000...max(1000, span)))
        case 8: return .lostAnswers([0.1, 0.3][rng.int(0...1)], rng.millis(1000...max(1000, span)))
        case 9:
            if wireProtocol == .polyai { return .lostEchoes(0.3, rng.millis(1000...max(1000, span))) }
            return rng.chance(0.5) ? .expireTokens : .expireTokensEvery(period: rng.millis(300...8000), span: rng.millis(1000...max(1000, span)))
        case 10: return .reorder(rng.millis(1000...max(1000, span)))
        case 11: return .duplicate(rng.millis(1000...max(1000, span)))
        default: return .dropAbrupt
        }
    }

    private static func words(_ rng: inout SimRandom) -> String {
        let pool = ["order", "parcel", "refund", "when", "where", "please", "thanks", "card", "help", "**bold**", "`code`", "soon"]
        return (0..<rng.int(1...6)).map { _ in pool[rng.int(0...pool.count - 1)] }.joined(separator: " ")
    }
}
