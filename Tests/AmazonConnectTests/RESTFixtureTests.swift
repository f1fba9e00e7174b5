import SessionCore
import Foundation
import Testing

@testable import AmazonConnect

/// REST fixtures: our request bodies have the spec's shape and the replies decode.
@Suite struct RESTFixtureTests {
    struct Exchange {
        var method: String
        var url: String
        var requestBody: Any?
        var status: Int
        var headers: [String: String]
        var responseBody: Data
    }

    static func exchanges() throws -> [String: Exchange] {
        var result: [String: Exchange] = [:]
        for fixture in try SpecFixtures.connectFixtures() where fixture.name.hasPrefix("rest-") || fixture.name.hasPrefix("startchat-") {
            let object = try #require(try JSONSerialization.jsonObject(with: fixture.data) as? [String: Any])
            let request = try #require(object["request"] as? [String: Any])
            let response = try #require(object["response"] as? [String: Any])
            let headers = (response["headers"] as? [String: String] ?? [:]).reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
            let body = try JSONSerialization.data(withJSONObject: response["body"] ?? [:] as [String: Any])
            result[fixture.name] = Exchange(
                method: request["method"] as? String ?? "", url: request["url"] as? String ?? "",
                requestBody: request["body"], status: response["status"] as? Int ?? 0, headers: headers, responseBody: body)
        }
        return result
    }

    func encoded(_ value: some Encodable) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary)
    }

    @Test func everyRESTFixtureIsCovered() throws {
        let names = Set(try Self.exchanges().keys)
        let covered: Set<String> = [
            "rest-create-participant-connection", "rest-send-message", "rest-send-event-typing",
            "rest-send-event-read-receipt", "rest-send-event-delivered-receipt", "rest-get-transcript",
            "rest-get-transcript-forward-after-reconnect", "rest-disconnect-participant", "rest-error-access-denied",
            "rest-error-conflict-receipt", "rest-error-throttling", "rest-error-validation",
            "startchat-template-request", "startchat-template-error", "rest-get-authentication-url",
        ]
        // Attachments and views belong to the rich-content work; their replies are checked to be
        // JSON objects here and decoded when those features land. (The authentication URL's exchange
        // is checked whole in AuthenticationWireTests.)
        let later: Set<String> = [
            "rest-start-attachment-upload", "rest-complete-attachment-upload", "rest-get-attachment",
            "rest-describe-view",
        ]
        #expect(names == covered.union(later), "unexpected fixtures: \(names.subtracting(covered.union(later)))")
    }

    @Test func requestBodiesHaveTheSpecShape() throws {
        let all = try Self.exchanges()
        let connection = try #require(all["rest-create-participant-connection"])
        #expect(try encoded(CreateParticipantConnectionRequest(type: ["WEBSOCKET", "CONNECTION_CREDENTIALS"])) == connection.requestBody as? NSDictionary)
        let send = try #require(all["rest-send-message"])
        let sendBody = try #require(send.requestBody as? [String: Any])
        let ours = SendMessageRequest(
            contentType: sendBody["ContentType"] as? String ?? "", content: sendBody["Content"] as? String ?? "",
            clientToken: sendBody["ClientToken"] as? String ?? "")
        #expect(try encoded(ours) == send.requestBody as? NSDictionary)
        let typing = try #require(all["rest-send-event-typing"])
        let typingBody = try #require(typing.requestBody as? [String: Any])
        let ourTyping = SendEventRequest(
            contentType: "application/vnd.amazonaws.connect.event.typing", content: nil,
            clientToken: typingBody["ClientToken"] as? String ?? "")
        var expectedTyping = typingBody
        if (expectedTyping["Content"] as? String) == "" { expectedTyping["Content"] = nil }
        #expect(try encoded(ourTyping) == expectedTyping as NSDictionary)
        let transcript = try #require(all["rest-get-transcript"])
        let first = GetTranscriptRequest(maxResults: 15, scanDirection: "BACKWARD", sortOrder: "ASCENDING", startPosition: .init())
        #expect(try encoded(first) == transcript.requestBody as? NSDictionary)
        let start = try #require(all["startchat-template-request"])
        let startBody = try #require(start.requestBody as? [String: Any])
        #expect((startBody["ParticipantDetails"] as? [String: Any])?["DisplayName"] as? String == "Maria Lopez")
        let ourStart = try encoded(
            StartChatRequest(instanceId: "i", contactFlowId: "f", participantDetails: .init(displayName: "Maria Lopez")))
        #expect(Set((ourStart.allKeys as? [String]) ?? []).isSubset(of: Set(startBody.keys)))
    }

    @Test func repliesDecode() throws {
        let all = try Self.exchanges()
        let decoder = JSONDecoder()
        let connection = try decoder.decode(CreateParticipantConnectionResponse.self, from: try #require(all["rest-create-participant-connection"]).responseBody)
        #expect(connection.websocket?.url?.hasPrefix("wss://") == true)
        #expect(connection.connectionCredentials?.connectionToken?.isEmpty == false)
        let sent = try decoder.decode(SendResponse.self, from: try #require(all["rest-send-message"]).responseBody)
        #expect(sent.id == "91c4b7e2-3f5a-4d86-b0c9-7e2a1d4f6b58")
        for name in ["rest-get-transcript", "rest-get-transcript-forward-after-reconnect"] {
            let page = try decoder.decode(GetTranscriptResponse.self, from: try #require(all[name]).responseBody)
            let events = (page.transcript ?? []).flatMap { ConnectItemMapper.events(for: $0) }
            #expect(!events.isEmpty, "\(name)")
        }
        let history = try decoder.decode(GetTranscriptResponse.self, from: try #require(all["rest-get-transcript"]).responseBody)
        let items = (history.transcript ?? []).flatMap { ConnectItemMapper.events(for: $0) }.compactMap { event -> (String, Bool)? in
            if case .item(let item) = event { return (item.id, item.isHistory) }
            return nil
        }
        #expect(items.first?.1 == true, "past-session items (RelatedContactId) are history")
        #expect(items.last?.1 == false)
        let started = try decoder.decode(StartChatTemplateResponse.self, from: try #require(all["startchat-template-request"]).responseBody)
        #expect(started.data?.startChatResult?.participantToken?.isEmpty == false)
        #expect(started.data?.featurePermissions?["MESSAGING_MARKDOWN"] == true)
        let failed = try decoder.decode(StartChatTemplateResponse.self, from: try #require(all["startchat-template-error"]).responseBody)
        #expect(failed.data?.error?.code == "InvalidParameterException")
    }

    /// Found by fuzzing: an empty `Url` (or `ConnectionToken`) was taken as the socket to open.
    @Test func anEmptySocketURLOrConnectionTokenIsAProtocolViolation() {
        let bodies = [
            #"{"Websocket":{"Url":""},"ConnectionCredentials":{"ConnectionToken":"t"}}"#,
            #"{"Websocket":{"Url":"wss://x.example/c"},"ConnectionCredentials":{"ConnectionToken":""}}"#,
        ]
        for body in bodies {
            var wire = ConnectWire(start: .participantToken("p", displayName: nil), endpoint: "https://p.example", ids: IDSource(seed: 1))
            let output = wire.resume(.connect, with: .response(HTTPResponse(status: 200, body: Data(body.utf8))), now: Date())
            guard case .failed(.protocolViolation) = output else {
                Issue.record("\(body) gave \(output)")
                continue
            }
            #expect(wire.connectionToken == nil)
        }
    }

    @Test func errorsAreClassifiedPerSpec() throws {
        let all = try Self.exchanges()
        func classify(_ name: String) throws -> BackendError {
            let exchange = try #require(all[name])
            return ConnectErrors.error(
                from: HTTPResponse(status: exchange.status, headers: exchange.headers, body: exchange.responseBody))
        }
        #expect(try classify("rest-error-access-denied") == .accessDenied("Access denied"))
        guard case .unavailable(429, "ThrottlingException", _) = try classify("rest-error-throttling") else {
            Issue.record("throttling should be retryable")
            return
        }
        guard case .rejected(400, "ValidationException", _) = try classify("rest-error-validation") else {
            Issue.record("validation should be a rejection")
            return
        }
        guard case .rejected(409, "ConflictException", _) = try classify("rest-error-conflict-receipt") else {
            Issue.record("conflict should be a rejection")
            return
        }
        let typed = ConnectErrors.error(
            from: HTTPResponse(status: 400, headers: [:], body: Data(#"{"__type":"com.amazonaws#ValidationException","Message":"x"}"#.utf8)))
        #expect(typed == .rejected(status: 400, type: "ValidationException", message: "x"))
        let cut = ConnectErrors.error(
            from: HTTPResponse(status: 500, headers: ["x-amzn-errortype": "InternalServerException:http://x"], body: Data()))
        #expect(cut == .unavailable(status: 500, type: "InternalServerException", message: "no details"))
    }
}
