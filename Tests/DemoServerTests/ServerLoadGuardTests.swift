import DemoServer
import Foundation
import HelplineTestSupport
import Synchronization
import Testing

/// The changes a watch reported.
private final class Reports: Sendable {
    private let state = Mutex<[ServerLoadGuard.Change]>([])

    func append(_ change: ServerLoadGuard.Change) { state.withLock { $0.append(change) } }

    var all: [ServerLoadGuard.Change] { state.withLock { $0 } }
}

@Suite("The emulator's own saturation guard", .timeLimit(.minutes(2)))
struct ServerLoadGuardTests {
    private static func sample(lag: Int = 1, hub: Int = 1, cpu: Double? = 0.2) -> ServerLoadSample {
        ServerLoadSample(tickLag: .milliseconds(1), loopLag: .milliseconds(lag), hubLag: .milliseconds(hub), cpuShare: cpu)
    }

    @Test("a late event loop or a late hub begins an episode, a calm check ends it; the total keeps every episode")
    func episodes() throws {
        var watch = ServerLoadGuard(cores: 2)
        #expect(watch.check(second: 0, Self.sample()) == nil)
        guard case .began(let first) = watch.check(second: 1, Self.sample(lag: 600)) else {
            Issue.record("a 600 ms event-loop lag is saturation")
            return
        }
        #expect(first.firstSecond == 1 && first.peakLoopLagMs == 600)
        #expect(watch.check(second: 2, Self.sample(hub: 1300)) == nil, "the episode goes on without a new line")
        guard case .ended(let episode) = watch.check(second: 3, Self.sample()) else {
            Issue.record("a calm check ends the episode")
            return
        }
        #expect(episode.seconds == 2 && episode.peakLoopLagMs == 600 && episode.peakHubLagMs == 1300)
        #expect(ServeLoadText.line(.ended(episode)).contains("keeps up again after 2 s"))
        _ = watch.check(second: 7, Self.sample(hub: 400))
        let total = try #require(watch.total)
        #expect(total.seconds == 3 && total.firstSecond == 1 && total.peakHubLagMs == 1300)
        #expect(ServeLoadText.total(total).contains("saturated for 3 s in all, from second 1"))
    }

    @Test("CPU over the limit trips it only two checks in a row; a comfortable second does not")
    func cpu() {
        var watch = ServerLoadGuard(cores: 2)
        #expect(watch.check(second: 0, Self.sample(cpu: 0.95)) == nil, "one busy second is no trend")
        #expect(watch.check(second: 1, Self.sample(cpu: 0.5)) == nil)
        #expect(watch.check(second: 2, Self.sample(cpu: 0.95)) == nil)
        guard case .began(let episode) = watch.check(second: 3, Self.sample(cpu: 0.97)) else {
            Issue.record("two busy seconds in a row are saturation")
            return
        }
        #expect(episode.peakCPUPercent == 97 && episode.cores == 2)
        #expect(ServeLoadText.line(.began(episode)).hasPrefix("⚠ SATURATED: this emulator is the limit from second 3"))
    }

    @Test("a running emulator watched with a tiny limit reports itself saturated; with the default limits an idle one does not")
    func live() async throws {
        let server = try await DemoContactCenter.start()
        var tiny = ServerLoadLimits()
        tiny.lag = .zero
        let tripped = Reports()
        let strict = ServerLoadWatch(server, limits: tiny, interval: .milliseconds(100), cores: 1, processTime: { .zero }) { tripped.append($0) }
        var generous = ServerLoadLimits()
        generous.lag = .seconds(5)
        // Other tests share this process's CPU: only the lags are judged here.
        generous.cpuShare = 64
        let calm = Reports()
        let relaxed = ServerLoadWatch(server, limits: generous, interval: .milliseconds(100), cores: 1, processTime: { .zero }) { calm.append($0) }
        let deadline = ContinuousClock.now + .seconds(30)
        while (tripped.all.isEmpty || relaxed.checks < 5), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        await strict.stop()
        await relaxed.stop()
        await server.stop()
        guard case .began(let episode)? = tripped.all.first else {
            Issue.record("no report with a 0 ms limit: \(tripped.all)")
            return
        }
        #expect(episode.seconds == 1 && strict.total != nil)
        #expect(relaxed.checks >= 5)
        #expect(calm.all.isEmpty && relaxed.total == nil, "an idle emulator is not saturated: \(calm.all)")
    }

    @Test("helpline serve says when it is the limit, and sums it up when stopped")
    func serveSays() async throws {
        let serve = try ServeProcess(["--port", "0", "--saturation-lag", "0"])
        try await serve.whileRunning {
            let line = await serve.line(containing: "SATURATED: this emulator")
            #expect(line?.contains("event loops up to") == true, "\(serve.output)\n\(serve.errors)")
        }
        #expect(serve.output.contains("this emulator was saturated for "), "\(serve.output)")
        let quiet = try ServeProcess(["--port", "0", "--no-saturation-guard", "--saturation-lag", "0"])
        try await quiet.whileRunning {
            #expect(await quiet.line(containing: "agent console:") != nil)
            // Three of the guard's checks would have reported by now.
            try await Task.sleep(for: .seconds(3))
        }
        #expect(!quiet.output.contains("SATURATED"), "\(quiet.output)")
    }
}
