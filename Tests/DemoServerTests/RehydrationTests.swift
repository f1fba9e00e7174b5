import Foundation
import Testing

@testable import DemoServer

/// A persistent chat's `chat.rehydrated` must reach the customer's socket (the SDKs' rehydration
/// callback fires on it), once, with the Id GetTranscript shows.
@Suite struct RehydrationTests {
    @Test func persistentChatPushesChatRehydratedOnceAfterSubscribe() async throws {
        try await withDemoServer { server, client in
            let first = try await client.startChat()
            _ = try await client.send(first, "remember me")
            await server.endChat(contactId: first.contactId)
            let resumed = try await client.post("/Prod", [
                "ParticipantDetails": ["DisplayName": "Maria"],
                "PersistentChat": ["RehydrationType": "ENTIRE_PAST_SESSION", "SourceContactId": first.contactId],
            ])
            let result = try #require((resumed.json["data"] as? [String: Any])?["startChatResult"] as? [String: Any])
            let token = try #require(result["ParticipantToken"] as? String)
            let connection = try await client.post(
                "/participant/connection", ["Type": ["WEBSOCKET", "CONNECTION_CREDENTIALS"]], bearer: token)
            let url = try #require((connection.json["Websocket"] as? [String: Any])?["Url"] as? String)
            let connectionToken = try #require(
                (connection.json["ConnectionCredentials"] as? [String: Any])?["ConnectionToken"] as? String)

            let socket = try await TestSocket.open(url)
            try await socket.subscribe()
            let isRehydrated: @Sendable (String) -> Bool = {
                TestSocket.chatItem($0)?["ContentType"] as? String == EventType.chatRehydrated
            }
            let frame = await socket.inbox.first(where: isRehydrated)
            let item = try #require(frame.flatMap(TestSocket.chatItem), "chat.rehydrated arrives on the socket")
            #expect(item["Type"] as? String == "EVENT")
            #expect(item["ContactId"] as? String == result["ContactId"] as? String)
            #expect(item["InitialContactId"] as? String == result["ContactId"] as? String)

            // Later traffic (the bot's greeting, a second socket subscribing) brings no second copy.
            #expect(await socket.inbox.first { $0.contains("Helpline demo") } != nil)
            let second = try await TestSocket.open(url)
            try await second.subscribe()
            _ = try await client.send(
                TestChat(contactId: "", participantId: "", participantToken: token, connectionToken: connectionToken,
                         socketURL: url), "hello again")
            #expect(await second.inbox.first { $0.contains("hello again") } != nil)
            #expect(await socket.inbox.first { $0.contains("hello again") } != nil)
            #expect(await socket.inbox.frames.filter(isRehydrated).count == 1, "exactly once")
            #expect(await second.inbox.frames.filter(isRehydrated).isEmpty)

            let page = try await client.post(
                "/participant/transcript", ["MaxResults": 100, "SortOrder": "ASCENDING"], bearer: connectionToken)
            let stored = (page.json["Transcript"] as? [[String: Any]] ?? []).filter {
                $0["ContentType"] as? String == EventType.chatRehydrated
            }
            #expect(stored.count == 1)
            #expect(stored.first?["Id"] as? String == item["Id"] as? String, "the live event and the stored one are the same")
            await socket.close()
            await second.close()
        }
    }

    @Test func aFreshChatSendsNoRehydratedEvent() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            #expect(await socket.inbox.first { $0.contains("Helpline demo") } != nil)
            #expect(!(await socket.inbox.frames.contains { $0.contains("chat.rehydrated") }))
            await socket.close()
        }
    }
}
