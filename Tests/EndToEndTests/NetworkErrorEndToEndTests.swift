import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// A network failure is one line with the host and the cause, for REST calls and for the socket.
@Suite struct NetworkErrorEndToEndTests {
    private func line(_ stderr: String, containing words: [String]) -> String? {
        TLSChatEndToEndTests.line(stderr, containing: words)
    }

    @Test("a host that does not resolve (.invalid): a DNS failure naming it, both protocols")
    func dnsFailure() async throws {
        let connect = try await HelplineBinary.run(
            ["connect", "--start-url", "https://helpline-test.invalid/Prod", "--display-name", "D", "--plain", "--new"],
            timeout: .seconds(90))
        let polyAI = try await HelplineBinary.run(
            [
                "polyai", "--api-key", "k", "--rest-url", "https://helpline-test.invalid/api/v1",
                "--ws-url", "wss://helpline-test.invalid/ws", "--plain", "--new",
            ], timeout: .seconds(90))
        for (name, result) in [("connect", connect), ("polyai", polyAI)] {
            #expect(result.status != 0, "\(name)")
            #expect(line(result.stderr, containing: ["DNS failure", "helpline-test.invalid:443"]) != nil, "\(name): \(result.stderr)")
        }
    }

    @Test("a server that resets the connection: one line saying so, naming the host")
    func reset() async throws {
        let server = try MisbehavingServer(.reset)
        defer { server.stop() }
        let result = try await HelplineBinary.run(
            ["connect", "--start-url", "http://127.0.0.1:\(server.port)/Prod", "--display-name", "R", "--plain", "--new"],
            timeout: .seconds(90))
        #expect(result.status != 0)
        // A reset the client reads as the end of the stream (a loaded machine) is told as a close.
        let told = line(result.stderr, containing: ["reset", "127.0.0.1:\(server.port)"])
            ?? line(result.stderr, containing: ["closed before an answer came", "127.0.0.1:\(server.port)"])
        #expect(told != nil, "\(result.stderr)")
    }

    @Test("a server that never answers: timed out after the 15 s request limit, naming the host")
    func timeout() async throws {
        let server = try MisbehavingServer(.silent)
        defer { server.stop() }
        let result = try await HelplineBinary.run(
            ["connect", "--start-url", "http://127.0.0.1:\(server.port)/Prod", "--display-name", "S", "--plain", "--new"],
            timeout: .seconds(120))
        #expect(result.status != 0)
        #expect(line(result.stderr, containing: ["timed out", "127.0.0.1:\(server.port)"]) != nil, "\(result.stderr)")
    }

    @Test("the socket's own failures name the socket's host: refused, and an untrusted certificate")
    func socketFailures() async throws {
        let plain = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        let secure = try await TLSDemo.start()
        let rest = ["polyai", "--api-key", "demo-key", "--rest-url", plain.polyAIRestURL, "--plain", "--new", "--linger", "60"]
        let refused = try await HelplineBinary.run(rest + ["--ws-url", "ws://127.0.0.1:9/ws"], timeout: .seconds(90))
        let untrusted = try await HelplineBinary.run(
            rest + ["--ws-url", "wss://localhost:\(secure.port)/ws"], timeout: .seconds(90))
        await plain.stop()
        await secure.stop()
        #expect(refused.status != 0)
        #expect(line(refused.stderr, containing: ["socket", "connection refused", "127.0.0.1:9"]) != nil, "\(refused.stderr)")
        #expect(untrusted.status != 0)
        #expect(line(untrusted.stderr, containing: ["socket", "not trusted", "localhost:\(secure.port)"]) != nil, "\(untrusted.stderr)")
    }
}
