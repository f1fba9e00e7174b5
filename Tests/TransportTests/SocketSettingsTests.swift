import Foundation
import Logging
import SessionCore
import Synchronization
import Testing

@testable import Transport

/// A socket is opened with the settings it is handed, and only those: its `--header` values reach
/// the upgrade request and its `--trace` file records it, on both socket clients (a host name or
/// IPv4 address goes through swift-websocket, an IPv6 address through ``DirectWebSocket``).
@Suite("Sockets use the settings passed in", .timeLimit(.minutes(1)))
struct SocketSettingsTests {
    @Test(arguments: ["127.0.0.1", "::1"])
    func headersAndTraceReachTheUpgrade(host: String) async throws {
        let first = try RawUpgradeServer(host: host, answer: .refuse)
        let second = try RawUpgradeServer(host: host, answer: .refuse)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-socket-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("trace.jsonl").path
        let traced = TransportSettings(extraHeaders: [("X-Team", "qa")], trace: try TraceRecorder(path: tracePath))
        let plain = TransportSettings(extraHeaders: [("X-Team", "billing")])

        // Two sockets at once with different settings: neither sees the other's.
        async let one = Self.open(first.url, settings: traced)
        async let two = Self.open(second.url, settings: plain)
        let (closeOne, closeTwo) = await (one, two)

        #expect(closeOne == .upgradeRefused && closeTwo == .upgradeRefused)
        let headOne = try #require(first.head)
        let headTwo = try #require(second.head)
        #expect(Self.values(of: "x-team", in: headOne) == ["qa"], "\(headOne)")
        #expect(Self.values(of: "x-team", in: headTwo) == ["billing"], "\(headTwo)")
        #expect(Self.values(of: "x-endpoint", in: headOne) == ["given"], "the endpoint's own headers are kept: \(headOne)")
        let trace = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(trace.contains(#""kind":"ws-open""#) && trace.contains("upgrade refused"), "\(trace)")
        #expect(!trace.contains(second.url.replacingOccurrences(of: "/", with: "\\/")) && !trace.contains(second.url))
    }

    @Test("a frame the server sends in the same write as its 101 reaches the session", arguments: ["127.0.0.1", "::1"])
    func greetingBehindTheUpgradeIsKept(host: String) async throws {
        let server = try RawUpgradeServer(host: host, answer: .acceptAndGreet("SESSION_START"))
        let events = await SocketRun.events(from: server.url, until: "SESSION_START")
        #expect(Array(events.prefix(2)) == ["opened", "SESSION_START"], "\(events)")
    }

    /// The values of the header `name` (any case) in a request head, in order.
    private static func values(of name: String, in head: String) -> [String] {
        head.split(separator: "\r\n").dropFirst().compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == name else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
    }

    /// Runs one socket to `url` until it ends and returns how it closed.
    private static func open(_ url: String, settings: TransportSettings) async -> SocketClose? {
        let (outbound, continuation) = AsyncStream<String>.makeStream()
        defer { continuation.finish() }
        let closed = Mutex<SocketClose?>(nil)
        await WebSocketConnection.run(
            endpoint: SocketEndpoint(url: url, headers: ["X-Endpoint": "given"]), settings: settings, outbound: outbound,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) { event in
            if case .closed(let close) = event { closed.withLock { $0 = close } }
        }
        return closed.withLock { $0 }
    }
}
