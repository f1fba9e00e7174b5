import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing

@testable import DemoServer

/// The demo's AuthenticateCustomer block: the `authenticate` step, GetAuthenticationUrl and
/// CancelParticipantAuthentication, the sign-in page, and the step's timeout.
@Suite struct AuthenticationFlowTests {
    static let event = "application/vnd.amazonaws.connect.event.authentication."

    /// Sends "sign in" and returns the SessionId of the `authentication.initiated` event it brings.
    static func askToSignIn(_ client: DemoClient, _ chat: TestChat, after seen: Set<String> = []) async throws -> String {
        _ = try await client.send(chat, "sign in please")
        var found: DemoTranscriptEntry?
        _ = await waitFor(client.server, chat.contactId) { entries in
            entries.contains { $0.contentType == event + "initiated" && !seen.contains($0.content ?? "") }
        }
        found = await client.server.transcript(contactId: chat.contactId).last { $0.contentType == event + "initiated" }
        let content = try #require(found?.content)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: String])
        let sessionId = try #require(object["SessionId"])
        #expect(sessionId.count == 36)
        #expect(found?.participantRole == "SYSTEM")
        return sessionId
    }

    /// GetAuthenticationUrl; the RedirectUri is the server's own return page unless given.
    static func link(_ client: DemoClient, _ chat: TestChat, _ sessionId: String, redirect: String? = nil) async throws -> HTTPReply {
        let back = redirect ?? client.server.baseURL.absoluteString + "/auth/return?from=test"
        return try await client.post("/participant/authentication-url", ["SessionId": sessionId, "RedirectUri": back], bearer: chat.connectionToken)
    }

    /// A browser's GET or form POST to the sign-in page (a redirect is followed, as a browser does).
    static func page(_ url: String, form: [String: String]? = nil) async throws -> HTTPReply {
        var request = URLRequest(url: try #require(URL(string: url)))
        if let form {
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            var components = URLComponents()
            components.queryItems = form.map { URLQueryItem(name: $0.key, value: $0.value) }
            request.httpBody = Data((components.percentEncodedQuery ?? "").utf8)
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = ["X-Landed": http.url?.absoluteString ?? ""]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return HTTPReply(status: http.statusCode, headers: headers, body: data)
    }

    @Test func signingInOnThePageGreetsTheSignedInNameAndReturnsTheBrowser() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat(name: "<b>Maria</b>")
            let sessionId = try await Self.askToSignIn(client, chat)
            let answer = try await Self.link(client, chat, sessionId)
            #expect(answer.status == 200, "\(answer.text)")
            let url = try #require(answer.json["AuthenticationUrl"] as? String)
            #expect(url.hasPrefix(server.baseURL.absoluteString + "/auth/sign-in/"))
            let form = try await Self.page(url)
            #expect(form.status == 200)
            #expect(form.text.contains(#"value="&lt;b&gt;Maria&lt;/b&gt;""#), "the chat's name, escaped: \(form.text)")
            #expect(form.header("Referrer-Policy") == "no-referrer")
            let sent = try await Self.page(url, form: ["name": "Dana Q", "outcome": "succeed"])
            #expect(sent.status == 200 && sent.text.contains("Return to your terminal"))
            #expect(sent.header("X-Landed") == server.baseURL.absoluteString + "/auth/return?from=test", "the browser lands on the RedirectUri")
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content?.contains("Welcome back, **Dana Q**") == true } })
            let events = await server.transcript(contactId: chat.contactId).filter { $0.contentType.hasPrefix(Self.event) }
            #expect(events.map(\.contentType) == [Self.event + "initiated", Self.event + "succeeded"])
            #expect(try await Self.page(url).status == 410, "a link works once")
        }
    }

    @Test func failingTheSignInRunsTheFailureBranch() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let sessionId = try await Self.askToSignIn(client, chat)
            let url = try #require(try await Self.link(client, chat, sessionId, redirect: "not a web page").json["AuthenticationUrl"] as? String)
            let sent = try await Self.page(url, form: ["name": "", "outcome": "fail"])
            #expect(sent.status == 200, "no http(s) RedirectUri: the page itself says so")
            #expect(sent.text.contains("The sign-in failed"))
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.contentType == Self.event + "failed" } })
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content?.contains("didn't work") == true } })
        }
    }

    @Test func aLinkStopsWorkingAfterItsMinute() async throws {
        let clock = TestClock()
        let config = DemoClient.serverConfig { $0.now = { clock.now } }
        try await withDemoServer(config) { _, client in
            let chat = try await client.startChat()
            let sessionId = try await Self.askToSignIn(client, chat)
            let url = try #require(try await Self.link(client, chat, sessionId).json["AuthenticationUrl"] as? String)
            clock.advance(59)
            #expect(try await Self.page(url).status == 200)
            clock.advance(2)
            #expect(try await Self.page(url).status == 410)
            let fresh = try await Self.link(client, chat, sessionId)
            #expect(fresh.status == 200, "a fresh link while the sign-in waits: \(fresh.text)")
        }
    }

    @Test func unansweredSignInsEndExpiredOrTimedOutByWhetherALinkWasFetched() async throws {
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig { $0.timerSleep = { try await sleeper.sleep($0) } }
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            _ = try await Self.askToSignIn(client, chat)
            #expect(await sleeper.releaseNewest() != nil)
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.contentType == Self.event + "expired" } })
            let initiated = await server.transcript(contactId: chat.contactId).filter { $0.contentType == Self.event + "initiated" }
            let second = try await Self.askToSignIn(client, chat, after: Set(initiated.compactMap(\.content)))
            #expect(try await Self.link(client, chat, second).status == 200)
            #expect(await sleeper.releaseNewest() != nil)
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.contentType == Self.event + "timeout" } })
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content?.contains("didn't see a sign-in in time") == true } })
        }
    }

    @Test func cancellingRunsTheCancelBranchAndAnotherChatCannotTouchTheSignIn() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let other = try await client.startChat(name: "Eve")
            let sessionId = try await Self.askToSignIn(client, chat)
            let stolen = try await Self.link(client, other, sessionId)
            #expect(stolen.status == 400 && stolen.header("x-amzn-ErrorType") == "ValidationException")
            let short = try await client.post("/participant/authentication-url", ["SessionId": "abc", "RedirectUri": "x"], bearer: chat.connectionToken)
            #expect(short.status == 400)
            let anonymous = try await client.post("/participant/cancel-authentication", ["SessionId": sessionId])
            #expect(anonymous.status == 403)
            let cancelled = try await client.post("/participant/cancel-authentication", ["SessionId": sessionId], bearer: chat.connectionToken)
            #expect(cancelled.status == 200 && cancelled.text == "{}")
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.contentType == Self.event + "cancelled" } })
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content?.contains("carry on without signing in") == true } })
            let late = try await Self.link(client, chat, sessionId)
            #expect(late.status == 400, "an ended sign-in hands out no link")
        }
    }

    @Test func anAuthenticateStepNeedsAPositiveTimeout() throws {
        let flow = #"{"name":"x","participants":{"bot":{"role":"CUSTOM_BOT","displayName":"B"}},"initialState":"s","states":{"s":{"responder":"bot","fallback":[{"authenticate":{"timeout":0}}]}}}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(DemoFlow.self, from: Data(flow.utf8)) }
        let huge = flow.replacingOccurrences(of: #""timeout":0"#, with: #""timeout":1e300"#)
        #expect(throws: (any Error).self, "a timeout past any Duration is refused, not a crash") {
            try JSONDecoder().decode(DemoFlow.self, from: Data(huge.utf8))
        }
        let nested = #"{"name":"x","participants":{"bot":{"role":"CUSTOM_BOT","displayName":"B"}},"initialState":"s","states":{"s":{"responder":"bot","fallback":[{"authenticate":{"onSuccess":[{"say":"hi","as":"ghost"}]}}]}}}"#
        let decoded = try JSONDecoder().decode(DemoFlow.self, from: Data(nested.utf8))
        #expect(throws: FlowError.self) { try decoded.validate() }
    }
}

/// A wall clock a test moves by hand.
final class TestClock: Sendable {
    private let seconds = Mutex(1_800_000_000.0)
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(_ by: TimeInterval) { seconds.withLock { $0 += by } }
}
