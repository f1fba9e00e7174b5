import Foundation
import SimulatedServices
import Testing

/// The simulated Participant Service shows each reading of ``SimConnectChoices`` on the wire: a choice
/// that never reached the client would make the seeds that draw it prove nothing.
@Suite("Simulated Connect service: the spec's readings")
struct SimConnectChoicesTests {
    /// A service with `choices`, a started chat and a subscribed socket.
    struct Chat {
        let service: SimConnectService
        let token: String
        let participantToken: String
        let socket: Int

        init(_ choices: SimConnectChoices) throws {
            service = SimConnectService(seed: 7, choices: choices)
            let participant = try #require(Self.json(service.http(Self.post("http://connect.sim/Prod",
                ["ParticipantDetails": ["DisplayName": "Maria"]]), now: 0))?["data"] as? [String: Any])
            let result = try #require(participant["startChatResult"] as? [String: Any])
            participantToken = try #require(result["ParticipantToken"] as? String)
            let connection = try #require(Self.json(service.http(Self.post("http://connect.sim/participant/connection", [:],
                token: participantToken), now: 1)))
            token = try #require((connection["ConnectionCredentials"] as? [String: Any])?["ConnectionToken"] as? String)
            let url = try #require((connection["Websocket"] as? [String: Any])?["Url"] as? String)
            socket = try #require(service.openSocket(url: url, now: 2)).connection
            _ = service.frame(#"{"topic":"aws/subscribe","content":{"topics":["aws/chat"]}}"#, on: socket, now: 3)
        }

        /// A participant call with the connection token.
        func call(_ path: String, _ body: [String: Any], now: Int64) -> SimResponse? {
            service.http(Self.post("http://connect.sim/participant/" + path, body, token: token), now: now)
        }

        /// The items in the frames the service sent by `now`, in order.
        func items(by now: Int64) -> [[String: Any]] {
            service.tick(now: now).flatMap(\.output.frames).compactMap { frame in
                (Self.json(Data(frame.utf8))?["content"] as? String).flatMap { Self.json(Data($0.utf8)) }
            }
        }

        static func post(_ url: String, _ body: [String: Any], token: String? = nil) -> SimRequest {
            SimRequest(method: "POST", url: url, headers: token.map { ["x-amz-bearer": $0] } ?? [:],
                body: try? JSONSerialization.data(withJSONObject: body))
        }

        static func json(_ response: SimResponse?) -> [String: Any]? { response.flatMap { json($0.body) } }
        static func json(_ data: Data) -> [String: Any]? { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] }
    }

    @Test("a receipt before its message; no ParticipantRole; receipts as items of their own in GetTranscript")
    func receiptsAndRoles() throws {
        let chat = try Chat(SimConnectChoices(receiptBeforeMessage: true, omitsRole: true, receiptsAsItems: true))
        let sent = try #require(Chat.json(chat.call("message", ["Content": "hi", "ContentType": "text/plain", "ClientToken": "a"], now: 10)))
        let live = chat.items(by: 11)
        #expect(live.map { $0["Type"] as? String } == ["MESSAGEMETADATA", "MESSAGE"])
        #expect((live.first?["MessageMetadata"] as? [String: Any])?["MessageId"] as? String == sent["Id"] as? String)
        #expect(live.allSatisfy { $0["ParticipantRole"] == nil })
        let page = try #require(Chat.json(chat.call("transcript", ["MaxResults": 100, "ScanDirection": "BACKWARD"], now: 20)))
        let transcript = try #require(page["Transcript"] as? [[String: Any]])
        #expect(transcript.contains { $0["Type"] as? String == "MESSAGEMETADATA" })
        #expect(transcript.filter { $0["Type"] as? String == "MESSAGE" }.allSatisfy { $0["MessageMetadata"] == nil })
        #expect(transcript.filter { $0["Type"] as? String == "EVENT" }.allSatisfy { $0["ParticipantId"] == nil && $0["DisplayName"] == nil })
    }

    @Test("token expiry during a call: carried out, answered 403, and a resend with a new token gets the first answer")
    func expiryMidCall() throws {
        let chat = try Chat(SimConnectChoices(expiryMidCall: true))
        chat.service.expireTokens()
        let body: [String: Any] = ["Content": "hi", "ContentType": "text/plain", "ClientToken": "a"]
        #expect(chat.call("message", body, now: 10)?.status == 403)
        #expect(chat.service.customerMessages == ["hi"], "carried out before the refusal")
        #expect(chat.call("message", body, now: 11)?.status == 403, "the token is gone")
        let connection = try #require(Chat.json(chat.service.http(Chat.post("http://connect.sim/participant/connection", [:],
            token: chat.participantToken), now: 12)))
        let renewed = try #require((connection["ConnectionCredentials"] as? [String: Any])?["ConnectionToken"] as? String)
        let resent = chat.service.http(Chat.post("http://connect.sim/participant/message", body, token: renewed), now: 13)
        #expect(resent?.status == 200 && Chat.json(resent)?["Id"] != nil)
        #expect(chat.service.customerMessages == ["hi"], "the same ClientToken: one copy")
    }

    @Test("some upgrades go unanswered with the reading, none without it")
    func unansweredUpgrades() {
        let answers = { (choices: SimConnectChoices) in
            let service = SimConnectService(seed: 3, choices: choices)
            return (0..<100).map { service.answersUpgrade(url: "ws://connect.sim/socket?token=x", now: Int64($0)) }
        }
        #expect(answers(SimConnectChoices(unansweredUpgrades: true)).contains(false))
        #expect(!answers(SimConnectChoices()).contains(false))
    }

    @Test("the bot sends what the client does not know, now and then")
    func unknownTypes() throws {
        let chat = try Chat(SimConnectChoices(unknownTypes: true))
        var seen: Set<String> = []
        for round in 0..<30 {
            let now = Int64(round) * 10_000 + 10
            _ = chat.call("message", ["Content": "m\(round)", "ContentType": "text/plain", "ClientToken": "t\(round)"], now: now)
            for item in chat.items(by: now + 5_000) { seen.insert("\(item["Type"] ?? "")|\(item["ContentType"] ?? "")") }
        }
        #expect(seen.contains("SIM_FUTURE_TYPE|application/vnd.sim.future"))
        #expect(seen.contains("EVENT|application/vnd.amazonaws.connect.event.sim.future.event"))
        #expect(seen.contains("MESSAGE|application/vnd.sim.future+json"))
    }

    @Test("with sign-ins the bot asks the customer to sign in now and then, and answers GetAuthenticationUrl only for those")
    func signIns() throws {
        let chat = try Chat(SimConnectChoices(signIns: true))
        var sessions: [String] = []
        for round in 0..<40 {
            let now = Int64(round) * 10_000 + 10
            _ = chat.call("message", ["Content": "m\(round)", "ContentType": "text/plain", "ClientToken": "t\(round)"], now: now)
            for item in chat.items(by: now + 5_000) where item["ContentType"] as? String == "application/vnd.amazonaws.connect.event.authentication.initiated" {
                let content = try #require(item["Content"] as? String)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: String])
                sessions.append(try #require(object["SessionId"]))
            }
        }
        let session = try #require(sessions.first, "the bot asked for a sign-in")
        #expect(session.count == 36)
        let link = chat.call("authentication-url", ["SessionId": session, "RedirectUri": "https://x.example/back"], now: 500_000)
        #expect(link?.status == 200)
        let stray = chat.call("authentication-url", ["SessionId": String(repeating: "0", count: 36), "RedirectUri": "https://x"], now: 500_001)
        #expect(stray?.status == 400)
    }
}
