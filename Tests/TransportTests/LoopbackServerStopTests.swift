import Foundation
import HelplineTestSupport
import Synchronization
import Testing

/// The test servers' `stop()` must not hand their listener's descriptor to the next server while
/// their thread still runs: the redirect tests once saw a request to a new server answered by a
/// stopped one (its redirect to the old test's second host), on a loaded machine.
@Suite("A stopped loopback server answers no other server's requests", .serialized, .timeLimit(.minutes(1)))
struct LoopbackServerStopTests {
    @Test("a server stopped while it answers does not take the requests of the server made after it")
    func stoppedServerLeavesTheNextOneAlone() throws {
        let answering = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let old = try LoopbackHTTPServer { _ in
            answering.signal()
            release.wait()
            return LoopbackHTTPServer.response("200 OK", body: #"{"server":"old"}"#)
        }
        // The old server's thread is busy answering when it is stopped.
        let first = Self.request(old.origin)
        answering.wait()
        old.stop()
        let new = try LoopbackHTTPServer { _ in LoopbackHTTPServer.response("200 OK", body: #"{"server":"new"}"#) }
        defer { new.stop() }
        release.signal()
        _ = first.wait(timeout: .now() + 10)
        // Every request to the new server is answered by the new server.
        var answers: [String] = []
        for _ in 0..<20 {
            let reply = Self.request(new.origin)
            _ = reply.wait(timeout: .now() + 10)
            answers.append(reply.body)
        }
        #expect(answers.allSatisfy { $0.contains("new") }, "\(answers)")
    }

    /// A request in flight: its body once answered.
    final class Reply: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let text = Mutex("")
        var body: String { text.withLock { $0 } }
        func finish(_ body: String) {
            text.withLock { $0 = body }
            done.signal()
        }
        func wait(timeout: DispatchTime) -> DispatchTimeoutResult { done.wait(timeout: timeout) }
    }

    /// Sends one GET over a fresh connection on a thread of its own (so a server may hold it).
    static func request(_ origin: String) -> Reply {
        let reply = Reply()
        let port = Int(origin.split(separator: ":").last ?? "") ?? 0
        Thread {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard connected else { return reply.finish("not connected") }
            let head = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            _ = head.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            var bytes = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }
                bytes.append(contentsOf: buffer[0..<count])
            }
            reply.finish(String(decoding: bytes, as: UTF8.self))
        }.start()
        return reply
    }
}
