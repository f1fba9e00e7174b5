import ChatModel
import SessionCore
import SessionSimulation
import Testing

/// The simulator in the test suite: a few seeds of each protocol on every `swift test` (the thousands
/// run in `make test` through `scripts/sim.sh`), and the simulator's own promise — a seed replays exactly.
@Suite("Deterministic session simulation")
struct SimulationTests {
    @Test("60 seeds of each protocol hold every invariant", arguments: SimProtocol.allCases)
    func seedsHold(_ wireProtocol: SimProtocol) {
        for seed in UInt64(1)...60 {
            let result = Simulation(seed: seed, protocol: wireProtocol, fullTrace: false).run()
            #expect(result.violations.isEmpty, "seed \(seed): \(result.violations.joined(separator: " | ")) — \(result.reproduction)")
        }
    }

    /// Seeds that once found a bug, kept so it cannot come back unnoticed.
    @Test("seeds that found bugs hold", arguments: [
        // A `/reset` reloaded an answered offer without its answer, so it was offered (and sent) again.
        (SimProtocol.connect, UInt64(4784)),
        // A streamed reply picked from before its late chunks came kept the text it had at the pick.
        (SimProtocol.polyai, UInt64(4075)),
        // A restart with a picked answer still unsent offered the same suggestion again (picked twice).
        (SimProtocol.polyai, UInt64(12739)),
        // Simulator bugs, kept for the simulator: frames that overtook their socket's open (5477), and an
        // end of the session before it existed that muted the session created next (4239).
        (SimProtocol.polyai, UInt64(5477)),
        (SimProtocol.polyai, UInt64(4239)),
        // A connect on its way when a suspend and resume (681) or a refused token (677) began another:
        // the old one's answer opened a second socket, or its timeout dropped the live one.
        (SimProtocol.connect, UInt64(681)),
        (SimProtocol.connect, UInt64(677)),
        // A socket whose upgrade crossed a partition: its replay was lost and later frames came (2367).
        (SimProtocol.polyai, UInt64(2367)),
        // A shuffled replay after a restart brought our answer before the offer it answered: the offer
        // was shown open again, and picked (sent) twice (7845, 10186).
        (SimProtocol.polyai, UInt64(7845)),
        (SimProtocol.polyai, UInt64(10186)),
        // A SendMessage carried out and then refused 403 (the token ran out meanwhile): its copy, held
        // while the call was out (251) or read back after the reconnect (187), was shown beside the
        // pending message, which was sent again and printed twice.
        (SimProtocol.connect, UInt64(251)),
        (SimProtocol.connect, UInt64(187)),
        // A simulator bug: timestamps formatted from a `Date` lost a millisecond now and then, so two
        // items looked simultaneous and their order unknowable (268).
        (SimProtocol.connect, UInt64(268)),
    ])
    func regressions(_ wireProtocol: SimProtocol, seed: UInt64) {
        let result = Simulation(seed: seed, protocol: wireProtocol, fullTrace: false).run()
        #expect(result.violations.isEmpty, "seed \(seed): \(result.violations.joined(separator: " | ")) — \(result.reproduction)")
    }

    @Test("A seed replays exactly: the same trace twice", arguments: SimProtocol.allCases)
    func deterministic(_ wireProtocol: SimProtocol) {
        for seed: UInt64 in [3, 17, 29] {
            let first = Simulation(seed: seed, protocol: wireProtocol, fullTrace: true).run()
            let second = Simulation(seed: seed, protocol: wireProtocol, fullTrace: true).run()
            #expect(first.trace == second.trace, "seed \(seed) ran differently the second time")
            #expect(first.trace.count > 50, "seed \(seed) did too little to prove anything (\(first.trace.count) trace lines)")
        }
    }

    @Test("Different seeds make different runs, with faults injected")
    func seedsDiffer() {
        let a = Simulation(seed: 5, protocol: .connect, fullTrace: true).run()
        let b = Simulation(seed: 6, protocol: .connect, fullTrace: true).run()
        #expect(a.trace != b.trace)
        let faults = (1...20).map { Simulation(seed: UInt64($0), protocol: .polyai, fullTrace: false).run().counters["fault", default: 0] }
        #expect(faults.reduce(0, +) > 20, "faults were injected: \(faults)")
    }
}
