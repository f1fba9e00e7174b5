import Foundation
import Logging
import SessionCore
import Synchronization
import Testing

@testable import Transport

/// A server that accepts the connection and never answers the upgrade: the socket is given up at
/// its deadline and reported unreachable (so the session backs off and tries again), on both
/// socket clients. Before the deadline existed the run never returned.
@Suite("An unanswered upgrade has a deadline", .timeLimit(.minutes(1)))
struct UpgradeDeadlineTests {
    @Test("a silent server's socket is reported unreachable once the deadline passes", arguments: ["127.0.0.1", "::1"])
    func silentUpgradeIsGivenUp(host: String) async throws {
        let server = try RawUpgradeServer(host: host, answer: .silence)
        let (outbound, continuation) = AsyncStream<String>.makeStream()
        defer { continuation.finish() }
        let (events, eventsIn) = AsyncStream<String>.makeStream()
        let run = Task {
            await WebSocketConnection.run(
                endpoint: SocketEndpoint(url: server.url), settings: .direct, upgradeDeadline: .milliseconds(500),
                outbound: outbound, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            ) { event in
                eventsIn.yield(SocketRun.words(event))
            }
            eventsIn.finish()
        }
        defer { run.cancel() }
        // Generous: the deadline is half a second. Without one, nothing ever comes.
        let first = await Self.first(of: events, within: .seconds(30))
        let close = try #require(first, "no report within 30 s: the socket hangs in `connecting`")
        #expect(close.hasPrefix("closed unreachable") && close.contains("no answer to the upgrade within 500 ms"), "\(close)")
        await run.value
        var later: [String] = []
        for await event in events { later.append(event) }
        #expect(later.isEmpty, "one report, the close: \(later)")
        #expect(server.head?.hasPrefix("GET /chat") == true, "the upgrade was sent: \(server.head ?? "nothing")")
    }

    /// The first element of `stream`, or nil when none came within `bound`.
    private static func first(of stream: AsyncStream<String>, within bound: Duration) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await element in stream { return element }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: bound)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
