import Foundation
import Testing

@testable import DemoServer

@Suite struct StartChatTemplateTests {
    @Test func successShapeAndCORS() async throws {
        try await withDemoServer { _, client in
            let body: [String: Any] = [
                "InstanceId": "3f2a9c1e-5b7d-4e2a-9f10-6c8d2e4b7a01",
                "ContactFlowId": "8b1d0e44-2c6f-4a3b-8e5d-91f7c2a6b3d0",
                "ParticipantDetails": ["DisplayName": "Maria Lopez"],
                "SupportedMessagingContentTypes": ["text/plain", "text/markdown"],
                "ChatDurationInMinutes": 1500,
            ]
            let reply = try await client.post("/Prod", body)
            #expect(reply.status == 200)
            #expect(reply.header("Access-Control-Allow-Origin") == "*")
            #expect(reply.header("Content-Type") == "application/json")
            let data = try #require(reply.json["data"] as? [String: Any])
            let result = try #require(data["startChatResult"] as? [String: Any])
            #expect(Set(result.keys) == ["ContactId", "ParticipantId", "ParticipantToken"])
            #expect((data["featurePermissions"] as? [String: Bool]) == ["MESSAGING_MARKDOWN": true])
            let plain = try await client.post("/Prod", ["ParticipantDetails": ["DisplayName": "A"]])
            let permissions = (plain.json["data"] as? [String: Any])?["featurePermissions"] as? [String: Any]
            #expect(permissions?.isEmpty == true)
            let preflight = try await client.request("/Prod", method: "OPTIONS", body: nil)
            #expect(preflight.status == 200)
            #expect(preflight.header("Access-Control-Allow-Methods") == "POST,OPTIONS")
        }
    }

    @Test func errorsLookLikeTheTemplate() async throws {
        try await withDemoServer { _, client in
            let short = try await client.post(
                "/Prod", ["ParticipantDetails": ["DisplayName": "Maria"], "ChatDurationInMinutes": 20])
            #expect(short.status == 400)
            let error = try #require((short.json["data"] as? [String: Any])?["Error"] as? [String: Any])
            #expect(error["code"] as? String == "InvalidParameterException")
            #expect(error["statusCode"] as? Int == 400)
            #expect(error["retryable"] as? Bool == false)
            #expect((error["message"] as? String)?.contains("greater than or equal to 60") == true)
            #expect(error["time"] is String && error["requestId"] is String)
            let long = try await client.post(
                "/Prod", ["ParticipantDetails": ["DisplayName": "Maria"], "ChatDurationInMinutes": 10081])
            #expect(long.status == 400)
            let missing = try await client.post("/Prod", ["DisplayName": "Maria"])
            #expect(missing.status == 502)
            #expect(missing.text == #"{"message":"Internal server error"}"#)
            let notJSON = try await client.request("/Prod", body: "hello")
            #expect(notJSON.status == 502)
        }
    }

    @Test func persistentChatNeedsAnEndedSource() async throws {
        try await withDemoServer { server, client in
            let first = try await client.startChat()
            _ = try await client.send(first, "remember me")
            let live = try await client.post("/Prod", [
                "ParticipantDetails": ["DisplayName": "Maria"],
                "PersistentChat": ["RehydrationType": "ENTIRE_PAST_SESSION", "SourceContactId": first.contactId],
            ])
            #expect(live.status == 400)
            await server.endChat(contactId: first.contactId)
            let resumed = try await client.post("/Prod", [
                "ParticipantDetails": ["DisplayName": "Maria"],
                "PersistentChat": ["RehydrationType": "ENTIRE_PAST_SESSION", "SourceContactId": first.contactId],
            ])
            #expect(resumed.status == 200)
            let result = try #require((resumed.json["data"] as? [String: Any])?["startChatResult"] as? [String: Any])
            #expect(result["ContinuedFromContactId"] as? String == first.contactId)
            let token = try #require(result["ParticipantToken"] as? String)
            let connection = try await client.post("/participant/connection", ["Type": ["CONNECTION_CREDENTIALS"]],
                                                   bearer: token)
            let credentials = try #require(connection.json["ConnectionCredentials"] as? [String: Any])
            let connectionToken = try #require(credentials["ConnectionToken"] as? String)
            let page = try await client.post(
                "/participant/transcript", ["MaxResults": 100, "SortOrder": "ASCENDING"], bearer: connectionToken)
            let items = try #require(page.json["Transcript"] as? [[String: Any]])
            let past = try #require(items.first { $0["Content"] as? String == "remember me" })
            #expect(past["RelatedContactId"] as? String == first.contactId)
            #expect(past["ContactId"] == nil)
            #expect(items.contains { $0["ContentType"] as? String == EventType.chatRehydrated })
            let newContact = try #require(result["ContactId"] as? String)
            #expect(page.json["InitialContactId"] as? String == newContact)
            let onlyOne = try await client.post("/Prod", [
                "ParticipantDetails": ["DisplayName": "Maria"], "PersistentChat": ["SourceContactId": "x"],
            ])
            #expect(onlyOne.status == 200)
        }
    }
}
