import ChatEngine
import ChatModel
import DemoServer
import Foundation

/// When each of our messages was shown pending and when it was shown sent.
actor DeliveryClock {
    private var pendingAt: [String: ContinuousClock.Instant] = [:]
    private var sentAt: [String: ContinuousClock.Instant] = [:]

    init(_ events: ChatEventStream) {
        Task { for await event in events { if case .transcript(let update) = event { await self.note(update) } } }
    }

    private func note(_ update: TranscriptUpdate) {
        guard let item = update.item, item.isOwn, let localId = item.localId, let delivery = item.delivery else { return }
        let now = ContinuousClock.now
        if pendingAt[localId] == nil { pendingAt[localId] = now }
        if delivery >= .sent, sentAt[localId] == nil { sentAt[localId] = now }
    }

    /// When `localId` was shown pending and sent, once both happened (nil after `timeout`).
    func wait(_ localId: String, timeout: Duration) async -> (pending: ContinuousClock.Instant, sent: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let pending = pendingAt[localId], let sent = sentAt[localId] { return (pending, sent) }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }
}

extension EngineBench {
    /// Enter → shown pending and Enter → sent (the server's answer) with the demo's latency fault
    /// (every REST answer and socket frame held that long), a typing notice sent just before every
    /// message: typing must never hold a message up.
    static func linkLatency(messages: Int) async throws {
        for latency in [0, 100, 300] {
            let server = try await DemoContactCenter.start(DemoServerConfiguration(flowName: "silent"))
            let (session, _) = try await connectedSession(server)
            let clock = DeliveryClock(session.events)
            await server.setLatency(.milliseconds(latency))
            var shown: [Double] = []
            var sent: [Double] = []
            for index in 0..<messages {
                await session.perform(.typing)
                let start = ContinuousClock.now
                guard let localId = await session.send("message \(index) over a \(latency) ms link"),
                    let (pendingAt, sentAt) = await clock.wait(localId, timeout: .seconds(30))
                else { continue }
                shown.append((pendingAt - start).seconds * 1000)
                sent.append((sentAt - start).seconds * 1000)
            }
            await session.shutdown()
            await server.stop()
            print(String(
                format: "demo latency fault %d ms (on every answer and frame), %d messages: Enter → shown pending p50 %.1f ms, p95 %.1f ms; Enter → sent p50 %.0f ms, p95 %.0f ms",
                latency, sent.count, percentile(shown, 0.5), percentile(shown, 0.95), percentile(sent, 0.5), percentile(sent, 0.95)))
        }
    }
}
