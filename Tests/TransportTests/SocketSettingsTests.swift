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
        let first = try UpgradeRecorder(host: host)
        let second = try UpgradeRecorder(host: host)
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
        let headOne = try #require(first.head).lowercased()
        let headTwo = try #require(second.head).lowercased()
        #expect(headOne.contains("x-team: qa\r\n") && !headOne.contains("billing"), "\(headOne)")
        #expect(headTwo.contains("x-team: billing\r\n") && !headTwo.contains(": qa"), "\(headTwo)")
        #expect(headOne.contains("x-endpoint: given\r\n"), "the endpoint's own headers are kept: \(headOne)")
        let trace = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(trace.contains(#""kind":"ws-open""#) && trace.contains("upgrade refused"), "\(trace)")
        #expect(!trace.contains(second.url.replacingOccurrences(of: "/", with: "\\/")) && !trace.contains(second.url))
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

/// A loopback listener that reads one upgrade request, keeps its head, and refuses it with 403.
private final class UpgradeRecorder: Sendable {
    let url: String
    private let listener: Int32
    private let received = Mutex<String?>(nil)

    struct Failure: Error {}

    /// The request head it read, once it has answered.
    var head: String? { received.withLock { $0 } }

    init(host: String) throws {
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        var port: UInt16 = 0
        var bound = false
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            port = UInt16(bigEndian: address.sin6_port)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            port = UInt16(bigEndian: address.sin_port)
        }
        guard bound else {
            close(fd)
            throw Failure()
        }
        listener = fd
        url = v6 ? "ws://[\(host)]:\(port)/chat" : "ws://\(host):\(port)/chat"
        Thread { [self] in answerOne() }.start()
    }

    private func answerOne() {
        defer { close(listener) }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        received.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
        let refusal = "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        _ = refusal.withCString { write(connection, $0, strlen($0)) }
    }
}
