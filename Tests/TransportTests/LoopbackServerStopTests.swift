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
            let answer = RawHTTP.blockingExchange(port: port, request: "GET / HTTP/1.1\r\nHost: x\r\n\r\n", whole: true)
            reply.finish(answer ?? "no answer")
        }.start()
        return reply
    }
}
