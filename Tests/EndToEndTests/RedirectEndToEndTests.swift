import Foundation
import HelplineTestSupport
import Testing

/// A server that redirects an authenticated call to another host (127.0.0.2 here): the credential
/// is not sent there, and the user reads one line saying what happened, in place of the
/// misleading results that came before ("protocol error … press /retry" with no /retry to press,
/// "PolyAI refused the API key" when nobody had refused it).
@Suite struct RedirectEndToEndTests {
    /// A server on 127.0.0.1 that answers every call with a 307 to the same path on `other`.
    private static func redirecting(to other: LoopbackHTTPServer) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { head in
            let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            return LoopbackHTTPServer.response("307 Temporary Redirect", headers: ["Location: \(other.origin)\(path)"])
        }
    }

    @Test("Connect: the participant token is not sent to the host a redirect names; one line says why")
    func connectRedirectIsRefused() async throws {
        let other = try LoopbackHTTPServer(host: "127.0.0.2") { _ in LoopbackHTTPServer.response("403 Forbidden") }
        defer { other.stop() }
        let server = try Self.redirecting(to: other)
        defer { server.stop() }
        let token = "participant-token-\(UUID().uuidString)"
        let result = try await HelplineBinary.run(
            ["connect", "--participant-token", token, "--endpoint-url", server.origin, "--plain", "--new"],
            input: "hello\n", timeout: .seconds(60))
        #expect(result.status != 0)
        #expect(other.requests.isEmpty, "the other host was called: \(other.requests)")
        let told = result.stderr.split(separator: "\n").filter { $0.contains("redirected the call to another host") }
        #expect(told.count == 1, "\(result.stderr)")
        #expect(told.first?.contains("127.0.0.2:\(other.port)") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("/retry") && !result.stderr.contains("protocol error"), "\(result.stderr)")
        #expect(!result.stderr.contains(token) && !result.stdout.contains(token))
    }

    @Test("PolyAI: the API key is not sent to the host a redirect names, and the key is not blamed")
    func polyAIRedirectIsRefused() async throws {
        let other = try LoopbackHTTPServer(host: "127.0.0.2") { _ in LoopbackHTTPServer.response("401 Unauthorized") }
        defer { other.stop() }
        let server = try Self.redirecting(to: other)
        defer { server.stop() }
        let key = "polyai-key-\(UUID().uuidString)"
        let result = try await HelplineBinary.run(
            [
                "polyai", "--api-key", key, "--rest-url", "\(server.origin)/api/v1", "--ws-url", "ws://127.0.0.1:9/ws",
                "--plain", "--new",
            ], input: "hello\n", timeout: .seconds(60))
        #expect(result.status != 0)
        #expect(other.requests.isEmpty, "the other host was called: \(other.requests)")
        let told = result.stderr.split(separator: "\n").filter { $0.contains("redirected the call to another host") }
        #expect(told.count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("refused the API key") && !result.stderr.contains("/retry"), "\(result.stderr)")
        #expect(!result.stderr.contains(key))
    }
}
