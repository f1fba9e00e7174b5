import Foundation
import Testing

@testable import DemoServer

/// The Connect spec fixtures kept in the repository (`Tests/Fixtures/specs/fixtures/connect`, or under `$HELPLINE_SPECS`).
enum ConnectFixtures {
    static var folder: URL {
        if let custom = ProcessInfo.processInfo.environment["HELPLINE_SPECS"] {
            return URL(fileURLWithPath: custom).appendingPathComponent("fixtures/connect")
        }
        return URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/specs/fixtures/connect")
    }

    static func object(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The inner item of a socket fixture.
    static func item(_ name: String) throws -> [String: Any] {
        let content = try #require(try object(name)["content"] as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any])
    }

    /// The response body of a REST fixture.
    static func responseBody(_ name: String) throws -> [String: Any] {
        let response = try #require(try object(name)["response"] as? [String: Any])
        return try #require(response["body"] as? [String: Any])
    }

    static func keys(_ object: Any?) -> Set<String> { Set((object as? [String: Any])?.keys ?? [:].keys) }
}

struct FixtureConformanceTests {
    @Test func controlFramesEqualTheFixtures() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            for (request, response) in [("ws-client-subscribe", "ws-subscribe-response"),
                                        ("ws-client-heartbeat", "ws-heartbeat-response"),
                                        ("ws-client-deep-heartbeat", "ws-deep-heartbeat-response")] {
                let sent = try JSONSerialization.data(withJSONObject: try ConnectFixtures.object(request))
                try await socket.send(String(decoding: sent, as: UTF8.self))
                let expected = try ConnectFixtures.object(response)
                let topic = try #require(expected["topic"] as? String)
                let frame = try #require(await socket.inbox.first { $0.contains(topic) })
                let got = try #require(try JSONSerialization.jsonObject(with: Data(frame.utf8)) as? NSDictionary)
                #expect(got == expected as NSDictionary)
            }
            await socket.close()
        }
    }

    @Test func socketItemsHaveTheFixtureFields() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            let sent = try await client.send(chat, "I need an agent please")
            let myId = try #require(sent.json["Id"] as? String)
            let typing = try await client.post(
                "/participant/event", ["ContentType": EventType.typing], bearer: chat.connectionToken)
            let typingId = try #require(typing.json["Id"] as? String)
            _ = await socket.inbox.first {
                let item = TestSocket.chatItem($0)
                return item?["DisplayName"] as? String == "Ava" && item?["Type"] as? String == "MESSAGE"
            }
            await server.endChat(contactId: chat.contactId)
            _ = await socket.inbox.waitClosed()
            let items = await socket.chatItems()
            func find(_ predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
                let hit = items.first(where: predicate)
                return try #require(hit)
            }
            let checks: [(String, [String: Any])] = [
                ("message-customer", try find { $0["Id"] as? String == myId }),
                ("typing-customer-echo", try find { $0["Id"] as? String == typingId }),
                ("message-system", try find { $0["ParticipantRole"] as? String == "SYSTEM" }),
                ("participant-joined", try find { $0["ContentType"] as? String == EventType.participantJoined }),
                ("typing", try find { $0["ContentType"] as? String == EventType.typing && $0["Id"] as? String != typingId }),
                ("message-plain", try find { $0["DisplayName"] as? String == "Ava" && $0["Type"] as? String == "MESSAGE" }),
                ("message-metadata-read", try find { $0["Type"] as? String == "MESSAGEMETADATA" }),
                ("participant-left", try find { $0["ContentType"] as? String == EventType.participantLeft }),
                ("chat-ended", try find { $0["ContentType"] as? String == EventType.chatEnded }),
            ]
            for (fixture, item) in checks {
                var expected = ConnectFixtures.keys(try ConnectFixtures.item(fixture))
                if fixture.hasPrefix("message-metadata") { expected.formUnion(["InitialContactId", "ContactId"]) }
                #expect(ConnectFixtures.keys(item) == expected, "\(fixture)")
                #expect(item["Type"] as? String == (try ConnectFixtures.item(fixture))["Type"] as? String, "\(fixture)")
            }
            let metadata = try find { $0["Type"] as? String == "MESSAGEMETADATA" }["MessageMetadata"]
            let fixtureMetadata = try ConnectFixtures.item("message-metadata-read")["MessageMetadata"]
            #expect(ConnectFixtures.keys(metadata) == ConnectFixtures.keys(fixtureMetadata))
            let receipt = ((metadata as? [String: Any])?["Receipts"] as? [[String: Any]])?.first
            let fixtureReceipt = ((fixtureMetadata as? [String: Any])?["Receipts"] as? [[String: Any]])?.first
            #expect(ConnectFixtures.keys(receipt) == ConnectFixtures.keys(fixtureReceipt))
        }
    }

    @Test func restBodiesHaveTheFixtureFields() async throws {
        try await withDemoServer { server, client in
            let started = try await client.post("/Prod", try #require(
                (try ConnectFixtures.object("startchat-template-request")["request"] as? [String: Any])?["body"]
                    as? [String: Any]).filter { $0.key != "PersistentChat" })
            let fixtureStart = try ConnectFixtures.responseBody("startchat-template-request")
            let data = started.json["data"] as? [String: Any]
            #expect(ConnectFixtures.keys(started.json) == ConnectFixtures.keys(fixtureStart))
            #expect(ConnectFixtures.keys(data) == ConnectFixtures.keys(fixtureStart["data"]))
            #expect((data?["featurePermissions"] as? [String: Bool]) == ["MESSAGING_MARKDOWN": true])

            let chat = try await client.startChat()
            let connection = try await client.post(
                "/participant/connection", ["Type": ["WEBSOCKET", "CONNECTION_CREDENTIALS"]], bearer: chat.participantToken)
            let fixtureConnection = try ConnectFixtures.responseBody("rest-create-participant-connection")
            #expect(ConnectFixtures.keys(connection.json) == ConnectFixtures.keys(fixtureConnection))
            for key in ["Websocket", "ConnectionCredentials"] {
                #expect(ConnectFixtures.keys(connection.json[key]) == ConnectFixtures.keys(fixtureConnection[key]))
            }
            let sent = try await client.send(chat, "hello")
            #expect(ConnectFixtures.keys(sent.json) == ConnectFixtures.keys(try ConnectFixtures.responseBody("rest-send-message")))
            _ = await server.injectMessage(contactId: chat.contactId, text: "agent says hi")
            let page = try await client.transcript(chat, ["MaxResults": 15, "ScanDirection": "BACKWARD",
                                                          "SortOrder": "ASCENDING", "StartPosition": [String: Any]()])
            let fixturePage = try ConnectFixtures.responseBody("rest-get-transcript")
            let mine = try #require(page.json["Transcript"] as? [[String: Any]])
            let theirs = try #require(fixturePage["Transcript"] as? [[String: Any]])
            let fixtureAgentMessage = try #require(theirs.first { $0["ParticipantRole"] as? String == "AGENT" })
            let agentMessage = try #require(mine.first { $0["ParticipantRole"] as? String == "AGENT" && $0["Type"] as? String == "MESSAGE" })
            var withoutMetadata = ConnectFixtures.keys(fixtureAgentMessage)
            withoutMetadata.remove("MessageMetadata")
            #expect(ConnectFixtures.keys(agentMessage) == withoutMetadata)
            let fixtureJoin = try #require(theirs.first { $0["ContentType"] as? String == EventType.participantJoined })
            let join = try #require(mine.first { $0["ContentType"] as? String == EventType.participantJoined })
            #expect(ConnectFixtures.keys(join) == ConnectFixtures.keys(fixtureJoin))

            let error = try await client.post("/participant/message", ["ContentType": "text/plain", "Content": ""],
                                              bearer: chat.connectionToken)
            let fixtureError = try ConnectFixtures.object("rest-error-validation")["response"] as? [String: Any]
            #expect(error.status == fixtureError?["status"] as? Int)
            #expect(ConnectFixtures.keys(error.json) == ConnectFixtures.keys(fixtureError?["body"]))
        }
    }
}
