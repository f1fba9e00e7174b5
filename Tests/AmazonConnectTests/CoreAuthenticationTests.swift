import AmazonConnect
import ChatModel
import Foundation
import SessionCore
import Testing

/// The session core's side of a customer sign-in, driven by hand over the Connect wire: the link is
/// fetched the moment `authentication.initiated` arrives, offered for its minute, fetched afresh when
/// asked for after that, and closed by the outcome or the user's cancel.
@Suite("Session core over Amazon Connect: customer sign-in")
struct CoreAuthenticationTests {
    typealias Driver = CoreHandleTests.Driver
    static let sessionId = "0b5e1d6c-2f7a-4c93-8e41-a6d2c9f0b377"
    static let link = "https://idp.example/oauth2/authorize?state=1"

    /// An `aws/chat` frame with an `authentication.*` event.
    static func frame(_ name: String, id: String, content: String? = nil) -> String {
        var inner: [String: Any] = [
            "AbsoluteTime": "2027-01-15T08:00:00.000Z", "ContentType": "application/vnd.amazonaws.connect.event.authentication." + name,
            "Id": id, "Type": "EVENT", "ParticipantRole": "SYSTEM", "DisplayName": "SYSTEM_MESSAGE", "ContactId": "c1",
        ]
        if let content { inner["Content"] = content }
        let text = String(decoding: (try? JSONSerialization.data(withJSONObject: inner)) ?? Data(), as: UTF8.self)
        let outer = String(decoding: (try? JSONSerialization.data(withJSONObject: ["topic": "aws/chat", "contentType": "application/json", "content": text])) ?? Data(), as: UTF8.self)
        return outer
    }

    static func initiated(id: String = "e1", session: String = sessionId) -> String {
        frame("initiated", id: id, content: #"{"SessionId":"\#(session)"}"#)
    }

    static func published(_ effects: [SessionEffect]) -> [AuthenticationState] {
        effects.compactMap { if case .publish(.authentication(let state)) = $0 { state } else { nil } }
    }

    static func linkCalls(_ effects: [SessionEffect]) -> [(id: RequestID, request: HTTPRequest)] {
        Driver.calls("/participant/authentication-url", in: effects)
    }

    /// A live chat that has just been asked to sign in; the link call is out.
    static func askedToSignIn() throws -> (Driver, SocketID, RequestID) {
        var driver = Driver()
        let socket = try driver.connect(from: driver.handle(.start))
        let effects = driver.handle(.socketFrame(socket, initiated()))
        #expect(published(effects) == [.fetchingLink])
        let call = try #require(linkCalls(effects).first, "the link is fetched at once")
        let body = try #require(try JSONSerialization.jsonObject(with: call.request.body ?? Data()) as? [String: String])
        #expect(body["SessionId"] == sessionId)
        #expect(call.request.headers.first { $0.name == "X-Amz-Bearer" }?.value == "t", "with the connection token")
        return (driver, socket, call.id)
    }

    @Test("the link is offered for one minute, then marked expired")
    func linkOfferedThenExpires() throws {
        var (driver, _, call) = try Self.askedToSignIn()
        let answered = driver.handle(.http(call, Driver.ok(#"{"AuthenticationUrl":"\#(Self.link)"}"#)))
        let expires = driver.now.addingTimeInterval(60)
        #expect(Self.published(answered) == [.offered(url: Self.link, expires: expires)])
        #expect(answered.contains { if case .startTimer(.authenticationLink, expires) = $0 { true } else { false } })
        #expect(!answered.contains { if case .log(_, let text) = $0 { text.contains(Self.link) } else { false } }, "the link is never logged")
        driver.now = expires
        #expect(Self.published(driver.handle(.timer(.authenticationLink))) == [.linkExpired])
        #expect(driver.core.authenticationState == .linkExpired)
    }

    @Test("asked for after it expired, a fresh link is fetched; before, the one on offer is shown again")
    func freshLinkOnlyAfterExpiry() throws {
        var (driver, _, call) = try Self.askedToSignIn()
        driver.handle(.http(call, Driver.ok(#"{"AuthenticationUrl":"\#(Self.link)"}"#)))
        let again = driver.handle(.command(.authenticationLink))
        #expect(Self.linkCalls(again).isEmpty, "the link still works: no new call")
        guard case .offered(let url, _)? = Self.published(again).first else {
            Issue.record("the link is offered again: \(again)")
            return
        }
        #expect(url == Self.link)
        driver.now = driver.now.addingTimeInterval(61)
        driver.handle(.timer(.authenticationLink))
        let fresh = driver.handle(.command(.authenticationLink))
        #expect(Self.published(fresh) == [.fetchingLink])
        let second = try #require(Self.linkCalls(fresh).first)
        let newLink = "https://idp.example/oauth2/authorize?state=2"
        let offered = driver.handle(.http(second.id, Driver.ok(#"{"AuthenticationUrl":"\#(newLink)"}"#)))
        #expect(Self.published(offered) == [.offered(url: newLink, expires: driver.now.addingTimeInterval(60))])
    }

    @Test("the same sign-in announced twice (socket, then a transcript page) is fetched once")
    func duplicateInitiatedIsIgnored() throws {
        var (driver, socket, _) = try Self.askedToSignIn()
        let again = driver.handle(.socketFrame(socket, Self.initiated(id: "e1-copy")))
        #expect(Self.linkCalls(again).isEmpty)
        #expect(Self.published(again).isEmpty)
        let other = driver.handle(.socketFrame(socket, Self.initiated(id: "e2", session: "1b5e1d6c-2f7a-4c93-8e41-a6d2c9f0b377")))
        #expect(Self.linkCalls(other).count == 1, "a new sign-in is fetched")
    }

    @Test("the contact center's outcome closes the sign-in; a late link answer is dropped", arguments: AuthenticationOutcome.allCases)
    func outcomeCloses(outcome: AuthenticationOutcome) throws {
        var (driver, socket, call) = try Self.askedToSignIn()
        let ended = driver.handle(.socketFrame(socket, Self.frame(outcome.rawValue, id: "e9")))
        #expect(Self.published(ended) == [.ended(outcome)])
        #expect(ended.contains { if case .cancelTimer(.authenticationLink) = $0 { true } else { false } })
        let late = driver.handle(.http(call, Driver.ok(#"{"AuthenticationUrl":"\#(Self.link)"}"#)))
        #expect(Self.published(late).isEmpty)
        #expect(driver.core.transcript.items.contains { $0.kind == .event(outcome.eventKind) }, "the outcome is a transcript line")
        let asked = driver.handle(.command(.authenticationLink))
        #expect(Self.linkCalls(asked).isEmpty)
        #expect(asked.contains { if case .publish(.notice) = $0 { true } else { false } })
    }

    @Test("/cancel-auth calls CancelParticipantAuthentication and closes the sign-in once it is answered")
    func cancel() throws {
        var (driver, socket, _) = try Self.askedToSignIn()
        let asked = driver.handle(.command(.cancelAuthentication))
        let cancel = try #require(Driver.calls("/participant/cancel-authentication", in: asked).first)
        #expect(Self.published(asked).isEmpty, "nothing changes until the service answers")
        #expect(Driver.calls("/participant/cancel-authentication", in: driver.handle(.command(.cancelAuthentication))).isEmpty,
                "a second cancel while one is out sends nothing")
        #expect(Self.published(driver.handle(.http(cancel.id, Driver.ok("{}")))) == [.ended(.cancelled)])
        #expect(Self.published(driver.handle(.socketFrame(socket, Self.frame("cancelled", id: "e3")))).isEmpty,
                "the service's own event adds its line only")
    }

    @Test("a refused cancel leaves the sign-in open and says why")
    func refusedCancel() throws {
        var (driver, _, _) = try Self.askedToSignIn()
        let cancel = try #require(Driver.calls("/participant/cancel-authentication", in: driver.handle(.command(.cancelAuthentication))).first)
        let refused = driver.handle(.http(cancel.id, .response(HTTPResponse(status: 400, body: Data(#"{"message":"gone"}"#.utf8)))))
        #expect(Self.published(refused).isEmpty)
        #expect(refused.contains { if case .publish(.notice(let text)) = $0 { text.contains("could not be cancelled") } else { false } })
        #expect(driver.core.authenticationState?.isOpen == true)
    }

    @Test("a link call that fails is reported, and /auth tries again")
    func failedLink() throws {
        var (driver, _, call) = try Self.askedToSignIn()
        let failed = driver.handle(.http(call, .response(HTTPResponse(status: 403, body: Data(#"{"message":"Access denied"}"#.utf8)))))
        guard case .linkFailed? = Self.published(failed).first else {
            Issue.record("\(failed)")
            return
        }
        #expect(Self.linkCalls(driver.handle(.command(.authenticationLink))).count == 1)
    }

    @Test("an agent's session (the agent console) shows the line but fetches no link: the sign-in is the customer's")
    func agentsDoNotSignIn() throws {
        var driver = Driver()
        let wire = ConnectWire(
            start: .participantToken("p", displayName: "Ava"), endpoint: "https://p.example", role: .agent, ids: IDSource(seed: 1))
        driver.core = SessionCore(wire: wire, ids: IDSource(seed: 2), now: driver.now)
        let socket = try driver.connect(from: driver.handle(.start))
        let effects = driver.handle(.socketFrame(socket, Self.initiated()))
        #expect(Self.linkCalls(effects).isEmpty)
        #expect(Self.published(effects).isEmpty)
        #expect(driver.core.transcript.items.contains { $0.kind == .event(.authenticationInitiated) })
    }

    @Test("with no sign-in asked for, /auth and /cancel-auth only say so")
    func nothingToSignInTo() throws {
        var driver = Driver()
        _ = try driver.connect(from: driver.handle(.start))
        for command in [ChatCommand.authenticationLink, .cancelAuthentication] {
            let effects = driver.handle(.command(command))
            #expect(effects.allSatisfy { if case .publish(.notice) = $0 { true } else { false } }, "\(command): \(effects)")
            #expect(!effects.isEmpty)
        }
    }
}
