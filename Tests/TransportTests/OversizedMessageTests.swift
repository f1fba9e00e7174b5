import Foundation
import SessionCore
import Testing

@testable import Transport

/// A server that sends a message over Helpline's 1 MiB limit and then a normal one: the large one is
/// skipped and reported by its size, the socket stays open and the next message arrives, on both
/// socket clients. Before, the large message closed the socket with 1009, and a server that sends
/// it on every new socket kept the chat reconnecting for good.
@Suite("A message over the size limit is skipped, the socket stays open", .timeLimit(.minutes(1)))
struct OversizedMessageTests {
    static let fiveMB = 5 * 1024 * 1024

    @Test("one 5 MB frame, then a normal one", arguments: ["127.0.0.1", "::1"])
    func oneLargeFrame(host: String) async throws {
        let large = RawUpgradeServer.Frame(opcode: 0x1, payload: [UInt8](repeating: 0x61, count: Self.fiveMB))
        let server = try RawUpgradeServer(host: host, answer: .acceptAndSend([large, .text("after")]))
        let events = await SocketRun.events(from: server.url, until: "after")
        #expect(events == ["opened", "skipped \(Self.fiveMB)", "after"])
        #expect(server.closeCodeReceived != 1009, "the socket was closed for the large message")
    }

    @Test("a 5 MB message in frames of 1 MiB, then a normal one", arguments: ["127.0.0.1", "::1"])
    func largeMessageInFragments(host: String) async throws {
        let piece = [UInt8](repeating: 0x62, count: 1024 * 1024)
        let fragments = (0..<5).map { index in
            RawUpgradeServer.Frame(opcode: index == 0 ? 0x1 : 0x0, fin: index == 4, payload: piece)
        }
        let server = try RawUpgradeServer(host: host, answer: .acceptAndSend(fragments + [.text("after")]))
        let events = await SocketRun.events(from: server.url, until: "after")
        #expect(events == ["opened", "skipped \(Self.fiveMB)", "after"])
    }

    @Test("a message of exactly 1 MiB is still read", arguments: ["127.0.0.1", "::1"])
    func messageAtTheLimit(host: String) async throws {
        let text = String(repeating: "c", count: SocketLimits.largestMessage)
        let server = try RawUpgradeServer(host: host, answer: .acceptAndSend([.text(text), .text("after")]))
        let events = await SocketRun.events(from: server.url, until: "after")
        #expect(events.map { $0.count > 64 ? "\($0.count) bytes" : $0 } == ["opened", "1048576 bytes", "after"])
    }
}
