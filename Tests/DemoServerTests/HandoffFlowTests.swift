import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@testable import DemoServer

/// The live-agent handoff of the demo flows: queue ladder, scripted agent, timeout and the agent desk API.
@Suite struct HandoffFlowTests {
    /// A desk call with the console's token.
    static func desk(_ client: DemoClient, _ path: String, method: String = "POST", token: String?,
                     _ object: [String: Any] = [:]) async throws -> HTTPReply
    {
        let url = try #require(URL(string: client.server.baseURL.absoluteString + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue(token, forHTTPHeaderField: "X-Agent-Token") }
        if method == "POST" { request.httpBody = try JSONSerialization.data(withJSONObject: object) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return HTTPReply(status: try #require(response as? HTTPURLResponse).statusCode, headers: [:], body: data)
    }

    static func messages(_ server: DemoContactCenter, _ contactId: String) async -> [String] {
        await server.transcript(contactId: contactId).filter { $0.type == "MESSAGE" }.compactMap(\.content)
    }

    @Test func withNoConsoleOnlineTheScriptedAgentTakesTheChatAfterTheLadder() async throws {
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig { $0.timerSleep = { try await sleeper.sleep($0) } }
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "can I talk to an agent?")
            let tick = Duration.milliseconds(40)  // every: 2 reply delays of 20 ms
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content == "You are number 3 in the Support queue." } })
            #expect(await sleeper.release(tick))
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content == "You are number 2 in the Support queue." } })
            #expect(await sleeper.release(tick))
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content == "You are number 1 in the Support queue." } })
            #expect(!(await Self.messages(server, chat.contactId)).contains { $0.contains("I'm Ava") }, "Ava waits for the ladder")
            #expect(await sleeper.release(tick))
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content?.contains("I'm Ava") == true } })
            let entries = await server.transcript(contactId: chat.contactId)
            let ladder = entries.compactMap { entry -> String? in
                if entry.type == "MESSAGE", let text = entry.content, text.contains("queue") || text.contains("accepted") { return text }
                if entry.contentType.hasSuffix("participant.left") { return "left:\(entry.displayName ?? "")" }
                if entry.contentType.hasSuffix("participant.joined"), entry.participantRole == "AGENT" { return "joined:\(entry.displayName ?? "")" }
                return nil
            }
            #expect(ladder == [
                "You are number 3 in the Support queue.", "You are number 2 in the Support queue.",
                "You are number 1 in the Support queue.", "Ava accepted your chat.", "left:Helpline Bot", "joined:Ava",
            ])
        }
    }

    @Test func aHandoffNobodyTakesTimesOutBackToTheBot() async throws {
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig {
            $0.flowName = "handoff"
            $0.timerSleep = { try await sleeper.sleep($0) }
        }
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "agent please")
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content == "You are number 3 in the Support queue." } })
            // The flow waits 40 reply delays in steps of 2: twenty ticks; nothing but the ladder happens before.
            for tick in 1...20 {
                #expect(await sleeper.release(.milliseconds(40)), "tick \(tick)")
                if tick < 20 {
                    #expect(!(await server.transcript(contactId: chat.contactId)).contains { $0.contentType.hasSuffix("transfer.failed") })
                }
            }
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content?.contains("no agent is free") == true } })
            let types = await server.transcript(contactId: chat.contactId).map(\.contentType)
            #expect(types.contains(EventType.transferFailed))
            _ = try await client.send(chat, "hello again")
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content == "I only hand chats over here: type agent." } },
                    "the bot answers again")
        }
    }

    @Test func deskAPIRefusesBadCallsClearly() async throws {
        try await withDemoServer(DemoClient.serverConfig()) { _, client in
            let empty = try await Self.desk(client, "/agent/sign-in", token: nil, ["name": "  "])
            #expect(empty.status == 400)
            #expect(empty.text.contains("agent name"))
            let unknown = try await Self.desk(client, "/agent/queue", method: "GET", token: "nope")
            #expect(unknown.status == 401)
            let signIn = try await Self.desk(client, "/agent/sign-in", token: nil, ["name": "Sam"])
            let token = try #require(signIn.json["agentToken"] as? String)
            let missing = try await Self.desk(client, "/agent/accept", token: token, ["contactId": "no-such-chat"])
            #expect(missing.status == 409)
            #expect(missing.text.contains("no longer waiting"))
            let notMine = try await Self.desk(client, "/agent/release", token: token, ["contactId": "no-such-chat"])
            #expect(notMine.status == 409)
        }
    }

    @Test func anAcceptedAgentJoinsTheContactAndIsAcknowledgedOnItsSocket() async throws {
        try await withDemoServer(DemoClient.serverConfig()) { server, client in
            let signIn = try await Self.desk(client, "/agent/sign-in", token: nil, ["name": "Sam"])
            let token = try #require(signIn.json["agentToken"] as? String)
            _ = try await Self.desk(client, "/agent/queue", method: "GET", token: token)
            let chat = try await client.startChat(name: "Pat")
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "agent")
            #expect(await waitFor(server, chat.contactId) { $0.contains { $0.content == "You are number 1 in the Support queue." } },
                    "a real queue: position 1 of 1")
            let queue = try await Self.desk(client, "/agent/queue", method: "GET", token: token)
            let waiting = try #require(queue.json["waiting"] as? [[String: Any]])
            #expect(waiting.count == 1)
            #expect(waiting.first?["customerName"] as? String == "Pat")
            #expect(waiting.first?["lastMessage"] as? String == "agent")
            let accepted = try await Self.desk(client, "/agent/accept", token: token, ["contactId": chat.contactId])
            #expect(accepted.status == 200, "\(accepted.text)")
            let agentToken = try #require(accepted.json["participantToken"] as? String)
            let again = try await Self.desk(client, "/agent/accept", token: token, ["contactId": chat.contactId])
            #expect(again.status == 409, "a chat is accepted once")

            let connection = try await client.post("/participant/connection", ["Type": ["WEBSOCKET", "CONNECTION_CREDENTIALS"]], bearer: agentToken)
            let url = try #require((connection.json["Websocket"] as? [String: Any])?["Url"] as? String)
            let agentSocket = try await TestSocket.open(url)
            try await agentSocket.subscribe()
            let ack = await agentSocket.inbox.first { TestSocket.chatItem($0)?["ContentType"] as? String == EventType.acknowledged }
            #expect(ack != nil, "agents get connection.acknowledged")
            #expect(await socket.inbox.first(timeout: .milliseconds(200)) { TestSocket.chatItem($0)?["ContentType"] as? String == EventType.acknowledged } == nil,
                    "the customer does not")
            let entries = await server.transcript(contactId: chat.contactId)
            #expect(entries.contains { $0.content == "Sam accepted your chat." })
            #expect(entries.contains { $0.contentType == EventType.participantJoined && $0.displayName == "Sam" && $0.participantRole == "AGENT" })
        }
    }
}
