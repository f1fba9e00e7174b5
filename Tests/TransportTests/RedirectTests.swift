import Foundation
import HelplineTestSupport
import SessionCore
import Testing

@testable import Transport

/// Credentials never follow a redirect to another host: a REST call carrying one (Connect's bearer
/// token, PolyAI's API key, a bearer `Authorization`) that is redirected off its origin ends with a
/// typed refusal, and the other host (127.0.0.2, a second loopback address) hears nothing. Before
/// the transport decided this itself, the HTTP client followed with every header.
@Suite("Redirects and credentials", .timeLimit(.minutes(1)))
struct RedirectTests {
    @Test(
        "an authenticated call redirected to another host is refused, and nothing reaches that host",
        arguments: [("X-Amz-Bearer", "bearer-secret-1"), ("X-Token", "polyai-key-123"), ("Authorization", "Bearer tok-456789")])
    func crossOriginRedirectIsRefused(header: String, secret: String) async throws {
        let other = try LoopbackHTTPServer(host: "127.0.0.2") { _ in LoopbackHTTPServer.response("200 OK") }
        defer { other.stop() }
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.response("307 Temporary Redirect", headers: ["Location: \(other.origin)/participant/connection"])
        }
        defer { server.stop() }
        let result = await HTTPTransport.direct.execute(HTTPRequest.postJSON(
            "\(server.origin)/participant/connection", headers: [HTTPHeader(header, secret)], body: Data("{}".utf8)))
        let refused = RefusedRedirect(from: "http://127.0.0.1:\(server.port)", to: "http://127.0.0.2:\(other.port)")
        #expect(result == .redirectRefused(refused), "\(result)")
        #expect(other.requests.isEmpty, "the other host heard: \(other.requests)")
        #expect(!refused.description.contains(secret))
        #expect(refused.description.contains("127.0.0.2:\(other.port)") && refused.description.contains("did not follow"))
    }

    @Test("a redirect within the origin is followed, credentials and all")
    func sameOriginRedirectIsFollowed() async throws {
        let server = try LoopbackHTTPServer { head in
            head.hasPrefix("POST /old ")
                ? LoopbackHTTPServer.response("307 Temporary Redirect", headers: ["Location: /new"])
                : LoopbackHTTPServer.response("200 OK", body: #"{"moved":true}"#)
        }
        defer { server.stop() }
        let result = await HTTPTransport.direct.execute(HTTPRequest.postJSON(
            "\(server.origin)/old", headers: [HTTPHeader("X-Amz-Bearer", "bearer-secret-2")], body: Data("{}".utf8)))
        guard case .response(let response) = result else {
            Issue.record("no answer: \(result)")
            return
        }
        #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self).contains("moved"))
        let second = try #require(server.requests.last)
        #expect(second.hasPrefix("POST /new ") && second.lowercased().contains("x-amz-bearer: bearer-secret-2"), "\(second)")
    }

    @Test("a call with no credential may follow a redirect to another host")
    func plainCallFollowsAnywhere() async throws {
        let other = try LoopbackHTTPServer(host: "127.0.0.2") { _ in LoopbackHTTPServer.response("200 OK") }
        defer { other.stop() }
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.response("302 Found", headers: ["Location: \(other.origin)/Prod"])
        }
        defer { server.stop() }
        let result = await HTTPTransport.direct.execute(HTTPRequest.postJSON("\(server.origin)/Prod", body: Data("{}".utf8)))
        guard case .response(let response) = result else {
            Issue.record("no answer: \(result)")
            return
        }
        #expect(response.status == 200)
        // A 302 of a POST is followed as a GET, as browsers and the HTTP client always did.
        #expect(other.requests.first?.hasPrefix("GET /Prod ") == true, "\(other.requests)")
    }

    @Test("the rule: origins compare scheme, host and port; 303 becomes GET; other statuses are answers")
    func ruleDetails() {
        let bearer = [("X-Amz-Bearer", "t")]
        #expect(RedirectRule.decide(status: 307, location: "http://a:80/x", method: "POST", url: "http://a/y", headers: bearer)
            == .follow(.init(method: "POST", url: "http://a:80/x", keepsBody: true)))
        #expect(RedirectRule.decide(status: 307, location: "https://a/x", method: "POST", url: "http://a/y", headers: bearer)
            == .refuse(RefusedRedirect(from: "http://a:80", to: "https://a:443")))
        #expect(RedirectRule.decide(status: 303, location: "/z", method: "POST", url: "http://a/y", headers: bearer)
            == .follow(.init(method: "GET", url: "http://a/z", keepsBody: false)))
        #expect(RedirectRule.decide(status: 304, location: "http://b/", method: "GET", url: "http://a/y", headers: bearer) == .answer)
        #expect(RedirectRule.decide(status: 307, location: nil, method: "GET", url: "http://a/y", headers: bearer) == .answer)
        #expect(RedirectRule.decide(status: 307, location: "file:///etc/passwd", method: "GET", url: "http://a/y", headers: []) == .answer)
    }
}
