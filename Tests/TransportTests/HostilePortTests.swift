import Foundation
import SessionCore
import Testing

@testable import Transport

/// A URL from outside with a port past 65535 (a flag, a REST answer's `Url`): the HTTP and socket
/// libraries narrow the port to 16 bits and trap on it, so the transport refuses such a URL first.
@Suite("Transport: ports past 65535")
struct HostilePortTests {
    @Test("a request to port 70000 fails with a line naming the port instead of trapping")
    func requestToAnImpossiblePort() async {
        let transport = HTTPTransport(settings: TransportSettings())
        for url in ["http://127.0.0.1:70000/x", "https://files.example.com:99999/a.txt"] {
            do {
                _ = try await transport.send(method: "GET", url: url, headers: [], body: nil)
                Issue.record("\(url) was sent")
            } catch let error as BackendError {
                guard case .network(let failure) = error else { Issue.record("\(error)"); continue }
                #expect(failure.kind == .unreachable && failure.detail.contains("is not a TCP port (0–65535)"), "\(failure)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("a download from port 70000 fails the same way")
    func downloadFromAnImpossiblePort() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-port-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let transport = HTTPTransport(settings: TransportSettings())
        await #expect(throws: BackendError.self) {
            _ = try await transport.downloadFile(from: "http://127.0.0.1:70000/n.txt", to: path, expectedSize: nil) { _ in }
        }
    }

    @Test("a socket URL with port 70000 is refused before the socket library sees it")
    func socketToAnImpossiblePort() {
        #expect(throws: SocketServerName.Problem.self) { try SocketServerName.resolve(url: "wss://chat.example.com:70000/ws") }
        #expect(throws: SocketServerName.Problem.self) { try SocketServerName.resolve(url: "ws://127.0.0.1:99999/ws") }
    }

    @Test("the port check reads ports as Foundation does: absent, valid, or named when out of range")
    func portCheck() {
        #expect(OutsideNumbers.invalidPort(in: "http://127.0.0.1:99999") == 99999)
        #expect(OutsideNumbers.invalidPort(in: "https://h.example:65536/p") == 65536)
        #expect(OutsideNumbers.invalidPort(in: "https://h.example:65535/p") == nil)
        #expect(OutsideNumbers.invalidPort(in: "https://h.example/p") == nil)
        #expect(OutsideNumbers.invalidPort(in: "not a url") == nil)
    }
}
