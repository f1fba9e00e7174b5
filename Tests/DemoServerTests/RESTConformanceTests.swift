import Foundation
import Testing

@testable import DemoServer

@Suite struct RESTConformanceTests {
    @Test func fullLifecycleWithIdempotentRetry() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let sent = try await client.send(chat, "My card was declined.", clientToken: "token-1")
            #expect(sent.status == 200)
            #expect(sent.header("x-amzn-RequestId")?.isEmpty == false)
            let id = try #require(sent.json["Id"] as? String)
            let time = try #require(sent.json["AbsoluteTime"] as? String)
            #expect(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)

            let retry = try await client.send(chat, "My card was declined.", clientToken: "token-1")
            #expect(retry.status == 200)
            #expect(retry.json["Id"] as? String == id)

            let page = try await client.transcript(chat, ["MaxResults": 100, "SortOrder": "ASCENDING"])
            #expect(page.status == 200)
            #expect(page.json["InitialContactId"] as? String == chat.contactId)
            let items = try #require(page.json["Transcript"] as? [[String: Any]])
            #expect(items.filter { $0["Id"] as? String == id }.count == 1)
            #expect(items.filter { $0["Content"] as? String == "My card was declined." }.count == 1)
            let joined = items.first
            #expect(joined?["ContentType"] as? String == "application/vnd.amazonaws.connect.event.participant.joined")
            #expect(joined?["ParticipantRole"] as? String == "CUSTOMER")
            #expect(joined?["ContactId"] as? String == chat.contactId)

            let disconnect = try await client.post(
                "/participant/disconnect", ["ClientToken": "bye-1"], bearer: chat.connectionToken)
            #expect(disconnect.status == 200)
            #expect(disconnect.text == "{}")

            for path in ["/participant/message", "/participant/transcript", "/participant/event"] {
                let denied = try await client.post(
                    path, ["ContentType": "text/plain", "Content": "hi?"], bearer: chat.connectionToken)
                #expect(denied.status == 403)
                #expect(denied.header("x-amzn-ErrorType") == "AccessDeniedException")
                #expect(denied.text == #"{"message":"Access denied"}"#)
                #expect(denied.header("x-amzn-RequestId") != nil)
            }
            let reconnect = try await client.post("/participant/connection", ["Type": ["WEBSOCKET"]],
                                                  bearer: chat.participantToken)
            #expect(reconnect.status == 403)
            #expect(reconnect.header("x-amzn-ErrorType") == "AccessDeniedException")

            let record = await server.transcript(contactId: chat.contactId)
            #expect(record.filter { $0.id == id }.count == 1)
            #expect(record.suffix(2).map(\.contentType) == [EventType.participantLeft, EventType.chatEnded])
        }
    }

    @Test func tokensAreKeptApart() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let wrongKind = try await client.send(
                TestChat(contactId: chat.contactId, participantId: chat.participantId,
                         participantToken: chat.participantToken, connectionToken: chat.participantToken,
                         socketURL: chat.socketURL), "hello")
            #expect(wrongKind.status == 403)
            #expect(wrongKind.header("x-amzn-ErrorType") == "AccessDeniedException")
            let connectionOnConnection = try await client.post(
                "/participant/connection", ["Type": ["CONNECTION_CREDENTIALS"]], bearer: chat.connectionToken)
            #expect(connectionOnConnection.status == 403)
            let none = try await client.post("/participant/message", ["ContentType": "text/plain", "Content": "x"])
            #expect(none.status == 403)
            let garbage = try await client.post(
                "/participant/message", ["ContentType": "text/plain", "Content": "x"], bearer: "nope")
            #expect(garbage.status == 403)
            // A second connection gives a new token; the first one stays valid.
            let second = try await client.post(
                "/participant/connection", ["Type": ["WEBSOCKET", "CONNECTION_CREDENTIALS"]],
                bearer: chat.participantToken)
            let newToken = (second.json["ConnectionCredentials"] as? [String: Any])?["ConnectionToken"] as? String
            #expect(newToken != nil && newToken != chat.connectionToken)
            #expect(try await client.send(chat, "still valid").status == 200)
        }
    }

    @Test func expiredConnectionTokensAreDenied() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            await server.expireConnectionTokens()
            let denied = try await client.send(chat, "hello")
            #expect(denied.status == 403)
            #expect(denied.header("x-amzn-ErrorType") == "AccessDeniedException")
            let again = try await client.post(
                "/participant/connection", ["Type": ["CONNECTION_CREDENTIALS"]], bearer: chat.participantToken)
            #expect(again.status == 200)
        }
    }

    @Test func validationErrors() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat(types: nil)
            let empty = try await client.send(chat, "")
            #expect(empty.status == 400)
            #expect(empty.header("x-amzn-ErrorType") == "ValidationException")
            #expect((empty.json["message"] as? String)?.isEmpty == false)
            #expect(try await client.send(chat, String(repeating: "a", count: 1025)).status == 400)
            #expect(try await client.send(chat, String(repeating: "a", count: 1024)).status == 200)
            let markdown = try await client.send(chat, "**hi**", type: "text/markdown")
            #expect(markdown.status == 400)
            #expect(markdown.header("x-amzn-ErrorType") == "ValidationException")
            let unknownType = try await client.send(chat, "x", type: "image/png")
            #expect(unknownType.status == 400)
            let badEvent = try await client.post(
                "/participant/event", ["ContentType": "application/vnd.amazonaws.connect.event.chat.ended"],
                bearer: chat.connectionToken)
            #expect(badEvent.status == 400)
            let badReceipt = try await client.post(
                "/participant/event",
                ["ContentType": "application/vnd.amazonaws.connect.event.message.read", "Content": "nope"],
                bearer: chat.connectionToken)
            #expect(badReceipt.status == 400)
            let tooMany = try await client.transcript(chat, ["MaxResults": 101])
            #expect(tooMany.status == 400)
            let badDirection = try await client.transcript(chat, ["ScanDirection": "SIDEWAYS"])
            #expect(badDirection.status == 400)
            let notJSON = try await client.request("/participant/message", body: "{nope", bearer: chat.connectionToken)
            #expect(notJSON.status == 400)
            // No ContentType at all: the service's own words, for a message and for an event.
            for path in ["/participant/message", "/participant/event"] {
                let untyped = try await client.post(path, ["Content": "hello"], bearer: chat.connectionToken)
                #expect(untyped.status == 400)
                #expect(untyped.header("x-amzn-ErrorType") == "ValidationException")
                #expect((untyped.json["message"] as? String)?.contains("Value null at 'contentType'") == true)
            }
        }
    }

    @Test func typingIsEchoedButNotStoredAndReceiptsFold() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let typing = try await client.post(
                "/participant/event", ["ContentType": "application/vnd.amazonaws.connect.event.typing", "Content": ""],
                bearer: chat.connectionToken)
            #expect(typing.status == 200)
            let noContent = try await client.post(
                "/participant/event", ["ContentType": "application/vnd.amazonaws.connect.event.typing"],
                bearer: chat.connectionToken)
            #expect(noContent.status == 200)
            let agentMessage = try #require(await server.injectMessage(contactId: chat.contactId, text: "Hello!"))
            let read = try await client.post(
                "/participant/event",
                ["ContentType": "application/vnd.amazonaws.connect.event.message.read",
                 "Content": #"{"messageId":"\#(agentMessage)"}"#],
                bearer: chat.connectionToken)
            #expect(read.status == 200)
            let events = await server.receivedEvents(contactId: chat.contactId)
            #expect(events.map(\.contentType) == [EventType.typing, EventType.typing, EventType.read])
            let record = await server.transcript(contactId: chat.contactId)
            #expect(!record.contains { $0.contentType == EventType.typing })
            let page = try await client.transcript(chat, ["MaxResults": 100])
            let items = try #require(page.json["Transcript"] as? [[String: Any]])
            let message = try #require(items.first { $0["Id"] as? String == agentMessage })
            let metadata = try #require(message["MessageMetadata"] as? [String: Any])
            let receipts = try #require(metadata["Receipts"] as? [[String: Any]])
            #expect(receipts.first?["RecipientParticipantId"] as? String == chat.participantId)
            #expect(receipts.first?["ReadTimestamp"] is String)
            #expect(receipts.first?["DeliveredTimestamp"] is String)
        }
    }

    @Test func injectedFailuresHappenBeforeSideEffects() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            await server.setRESTFailureRate(1, seed: 3)
            var kinds = Set<String>()
            for index in 0..<8 {
                let reply = try await client.send(chat, "attempt \(index)")
                #expect(reply.status == 500 || reply.status == 429)
                kinds.insert(reply.header("x-amzn-ErrorType") ?? "")
            }
            #expect(kinds.isSubset(of: ["InternalServerException", "ThrottlingException"]))
            await server.setRESTFailureRate(0)
            let record = await server.transcript(contactId: chat.contactId)
            #expect(!record.contains { $0.content?.hasPrefix("attempt") == true })
        }
    }

    @Test func wildcardBindAdvertisesLoopback() async throws {
        try await withDemoServer(DemoClient.serverConfig { $0.host = "0.0.0.0" }) { server, client in
            #expect(server.baseURL.host == "127.0.0.1")
            #expect(server.startChatURL.path == "/Prod")
            let chat = try await client.startChat()
            #expect(chat.socketURL.hasPrefix("ws://127.0.0.1:\(server.baseURL.port ?? 0)/"))
        }
    }

    @Test func concurrentChatsKeepTheirOwnTranscripts() async throws {
        try await withDemoServer(DemoClient.serverConfig { $0.flowName = "silent" }) { server, client in
            try await withThrowingTaskGroup(of: (String, Int).self) { group in
                for chatIndex in 0..<12 {
                    group.addTask {
                        let chat = try await client.startChat(name: "Customer \(chatIndex)")
                        try await withThrowingTaskGroup(of: Void.self) { sends in
                            for index in 0..<6 {
                                sends.addTask {
                                    let reply = try await client.send(chat, "c\(chatIndex)-m\(index)", clientToken: "t\(index)")
                                    #expect(reply.status == 200)
                                }
                            }
                            try await sends.waitForAll()
                        }
                        return (chat.contactId, chatIndex)
                    }
                }
                for try await (contactId, chatIndex) in group {
                    let record = await server.transcript(contactId: contactId)
                    let messages = record.filter { $0.type == "MESSAGE" }.compactMap(\.content)
                    #expect(messages.count == 6)
                    #expect(messages.allSatisfy { $0.hasPrefix("c\(chatIndex)-") })
                    let times = record.map(\.absoluteTime)
                    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
                }
            }
            #expect(await server.contacts().count == 12)
        }
    }
}
