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
        let events = Mutex<[String]>([])
        await WebSocketConnection.run(
            endpoint: SocketEndpoint(url: server.url), settings: .direct, upgradeDeadline: .milliseconds(500),
            outbound: outbound, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) { event in
            switch event {
            case .opened: events.withLock { $0.append("opened") }
            case .frame(let text): events.withLock { $0.append(text) }
            case .closed(let close): events.withLock { $0.append("\(close)") }
            }
        }
        let seen = events.withLock { $0 }
        #expect(seen.count == 1, "one report, the close: \(seen)")
        let close = try #require(seen.first)
        #expect(close.hasPrefix("unreachable") && close.contains("no answer to the upgrade within 500 ms"), "\(close)")
        #expect(server.head?.hasPrefix("GET /chat") == true, "the upgrade was sent: \(server.head ?? "nothing")")
    }
}
