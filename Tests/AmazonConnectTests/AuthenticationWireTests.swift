import ChatModel
import Foundation
import SessionCore
import Testing

@testable import AmazonConnect

/// Customer sign-in on the Connect wire: the `authentication.*` events, GetAuthenticationUrl and
/// CancelParticipantAuthentication, checked against the spec's fixtures and the AWS service model.
@Suite("Connect wire: customer sign-in")
struct AuthenticationWireTests {
    static let sessionId = "0b5e1d6c-2f7a-4c93-8e41-a6d2c9f0b377"

    /// A wire with a connection token, as after CreateParticipantConnection.
    static func connectedWire(redirect: String? = nil) -> ConnectWire {
        var wire = ConnectWire(
            start: .participantToken("p", displayName: nil), endpoint: "https://participant.connect.us-west-2.amazonaws.com",
            ids: IDSource(seed: 1))
        wire.connectionToken = "QVFJREFIaGJTaW11bGF0ZWRDb25uZWN0aW9uVG9rZW4uLi4wMDI"
        wire.authenticationRedirect = redirect
        return wire
    }

    static func fixture(_ name: String) throws -> [String: Any] {
        let data = try #require(try SpecFixtures.connectFixtures().first { $0.name == name }).data
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The members of a shape of the AWS model that go in the JSON body, and the header of the one that does not.
    static func modelShape(_ name: String) throws -> (body: Set<String>, required: Set<String>, headers: [String: String]) {
        let url = SpecFixtures.specs.appendingPathComponent("aws/connectparticipant-2018-09-07.service.json")
        let model = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let shape = try #require((model["shapes"] as? [String: Any])?[name] as? [String: Any])
        let members = try #require(shape["members"] as? [String: [String: Any]])
        var body: Set<String> = []
        var headers: [String: String] = [:]
        for (member, spec) in members {
            if spec["location"] as? String == "header" {
                headers[member] = spec["locationName"] as? String
            } else {
                body.insert(member)
            }
        }
        return (body, Set(shape["required"] as? [String] ?? []), headers)
    }

    @Test("authentication.initiated is a system line and names the sign-in's SessionId")
    func initiatedCarriesTheSessionId() throws {
        let frame = String(decoding: try #require(try SpecFixtures.connectFixtures().first { $0.name == "authentication-initiated" }).data, as: UTF8.self)
        let events = try ConnectFrameDecoder.decode(frame)
        guard case .item(let item) = events.first else {
            Issue.record("no item: \(events)")
            return
        }
        #expect(item.kind == .event(.authenticationInitiated))
        #expect(item.sender.role == .system)
        #expect(events.dropFirst().first == .authenticationInitiated(sessionId: Self.sessionId))
    }

    @Test("each outcome event is its own system line and ends the sign-in", arguments: AuthenticationOutcome.allCases)
    func outcomes(outcome: AuthenticationOutcome) throws {
        let name = outcome.rawValue
        let inner = #"{"AbsoluteTime":"2025-06-12T14:04:20.010Z","ContentType":"application/vnd.amazonaws.connect.event.authentication.\#(name)","Id":"e-\#(name)","Type":"EVENT","ParticipantRole":"SYSTEM","DisplayName":"SYSTEM_MESSAGE","ContactId":"c"}"#
        let frame = #"{"topic":"aws/chat","contentType":"application/json","content":"\#(inner.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        let events = try ConnectFrameDecoder.decode(frame)
        guard case .item(let item) = events.first else {
            Issue.record("no item for \(name): \(events)")
            return
        }
        #expect(item.kind == .event(outcome.eventKind))
        #expect(item.text == outcome.sentence)
        #expect(events.dropFirst().first == .authenticationEnded(outcome))
    }

    @Test("an initiated event whose Content names no 36-character SessionId is shown, but starts nothing")
    func malformedSessionIds() throws {
        for content in [#"{}"#, #"{"SessionId":"short"}"#, #"{"SessionId":42}"#, "not json"] {
            let inner = #"{"AbsoluteTime":"2025-06-12T14:04:20.010Z","Content":\#(Self.quoted(content)),"ContentType":"application/vnd.amazonaws.connect.event.authentication.initiated","Id":"e1","Type":"EVENT","ParticipantRole":"SYSTEM","ContactId":"c"}"#
            let frame = #"{"topic":"aws/chat","contentType":"application/json","content":\#(Self.quoted(inner))}"#
            let events = try ConnectFrameDecoder.decode(frame)
            #expect(events.count == 1, "\(content): \(events)")
        }
    }

    @Test("GetAuthenticationUrl is the fixture's call: path, bearer, and a body of the model's members")
    func getAuthenticationURLMatchesTheFixtureAndTheModel() throws {
        let exchange = try Self.fixture("rest-get-authentication-url")
        let fixtureRequest = try #require(exchange["request"] as? [String: Any])
        let fixtureBody = try #require(fixtureRequest["body"] as? [String: Any])
        var wire = Self.connectedWire(redirect: fixtureBody["RedirectUri"] as? String)
        guard case .request(let request) = wire.begin(.authenticationURL(sessionId: Self.sessionId), now: Date()) else {
            Issue.record("no call")
            return
        }
        #expect(request.method == fixtureRequest["method"] as? String)
        #expect(request.url == fixtureRequest["url"] as? String)
        let headers = try #require(fixtureRequest["headers"] as? [String: String])
        #expect(request.headers.first { $0.name == "X-Amz-Bearer" }?.value == headers["X-Amz-Bearer"])
        let sent = try #require(request.body)
        let body = try #require(try JSONSerialization.jsonObject(with: sent) as? NSDictionary)
        #expect(body == fixtureBody as NSDictionary)

        let model = try Self.modelShape("GetAuthenticationUrlRequest")
        #expect(Set((body.allKeys as? [String]) ?? []) == model.body)
        #expect(model.required.isSuperset(of: model.body))
        #expect(model.headers["ConnectionToken"] == "X-Amz-Bearer")
    }

    @Test("CancelParticipantAuthentication's call has the model's members")
    func cancelMatchesTheModel() throws {
        var wire = Self.connectedWire()
        guard case .request(let request) = wire.begin(.cancelAuthentication(sessionId: Self.sessionId), now: Date()) else {
            Issue.record("no call")
            return
        }
        #expect(request.method == "POST")
        #expect(request.url == "https://participant.connect.us-west-2.amazonaws.com/participant/cancel-authentication")
        let sent = try #require(request.body)
        let body = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: String])
        #expect(body == ["SessionId": Self.sessionId])
        let model = try Self.modelShape("CancelParticipantAuthenticationRequest")
        #expect(Set(body.keys) == model.body)
        #expect(model.headers["ConnectionToken"] == "X-Amz-Bearer")
        let answer = wire.resume(.cancelAuthentication(sessionId: Self.sessionId), with: .response(HTTPResponse(status: 200, body: Data("{}".utf8))), now: Date())
        guard case .done(.none) = answer else {
            Issue.record("\(answer)")
            return
        }
    }

    @Test("without --auth-redirect-uri the RedirectUri is the endpoint's /auth/return page")
    func defaultRedirect() throws {
        var wire = Self.connectedWire()
        guard case .request(let request) = wire.begin(.authenticationURL(sessionId: Self.sessionId), now: Date()),
            let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
        else {
            Issue.record("no call")
            return
        }
        #expect(body["RedirectUri"] == "https://participant.connect.us-west-2.amazonaws.com/auth/return")
    }

    @Test("the fixture's answer is the link")
    func answerIsTheLink() throws {
        let exchange = try Self.fixture("rest-get-authentication-url")
        let response = try #require(exchange["response"] as? [String: Any])
        let body = try JSONSerialization.data(withJSONObject: try #require(response["body"]))
        let wire = Self.connectedWire()
        let output = wire.authenticationAnswered(
            .authenticationURL(sessionId: Self.sessionId), .response(HTTPResponse(status: 200, body: body)))
        let expected = (response["body"] as? [String: String])?["AuthenticationUrl"]
        guard case .done(.authenticationURL(let url)) = output else {
            Issue.record("\(output)")
            return
        }
        #expect(url == expected)
    }

    @Test("a link that is not an http(s) URL for a browser is refused, whatever the server sent")
    func hostileLinks() {
        let wire = Self.connectedWire()
        let bad = [
            #"{}"#, #"{"AuthenticationUrl":""}"#, #"{"AuthenticationUrl":"javascript:alert(1)"}"#,
            #"{"AuthenticationUrl":"file:///etc/passwd"}"#, #"{"AuthenticationUrl":"https://a.example/\u001b[2Jx"}"#,
            #"{"AuthenticationUrl":"https://a.example/a b"}"#, #"{"AuthenticationUrl":"https://a.example:99999/"}"#,
            #"{"AuthenticationUrl":"https://a.example/\#(String(repeating: "x", count: 2100))"}"#,
            #"{"AuthenticationUrl":42}"#, "not json",
        ]
        for body in bad {
            let output = wire.authenticationAnswered(
                .authenticationURL(sessionId: Self.sessionId), .response(HTTPResponse(status: 200, body: Data(body.utf8))))
            guard case .failed = output else {
                Issue.record("\(body) gave \(output)")
                continue
            }
        }
        let refused = wire.authenticationAnswered(
            .authenticationURL(sessionId: Self.sessionId),
            .response(HTTPResponse(status: 400, headers: ["x-amzn-errortype": "ValidationException"], body: Data(#"{"message":"expired"}"#.utf8))))
        guard case .failed(.rejected(400, _, _)) = refused else {
            Issue.record("\(refused)")
            return
        }
    }

    static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
    }
}
