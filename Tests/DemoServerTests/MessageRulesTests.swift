import Foundation
import Testing

@testable import DemoServer

/// The flow's message rules (docs/flows.md): the default flow redacts card numbers and e-mail
/// addresses, blocks "password" and fails "glitch" once, answering SendMessage as the service model says.
@Suite struct MessageRulesTests {
    static func status(_ reply: HTTPReply) -> String? {
        (reply.json["MessageMetadata"] as? [String: Any])?["MessageProcessingStatus"] as? String
    }

    @Test("redacted: PROCESSING, and the redacted copy is what the socket, the transcript and the flow get")
    func redacted() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            let sent = try await client.send(chat, "card 4111-1111-1111-1111, mail ana@example.com")
            #expect(Self.status(sent) == "PROCESSING")
            let id = try #require(sent.json["Id"] as? String)
            let copy = await socket.inbox.first { $0.contains(id) && $0.contains("MESSAGE") }
            let item = try #require(copy.flatMap(TestSocket.chatItem))
            #expect(item["Content"] as? String == "card [PII], mail [EMAIL]")
            let reply = await socket.inbox.first { $0.contains("redacted part of your message") }
            #expect(reply?.contains("card [PII], mail [EMAIL]") == true, "the bot read the redacted text")
            let stored = await server.transcript(contactId: chat.contactId).map(\.content)
            #expect(!stored.contains { $0?.contains("4111") == true || $0?.contains("ana@") == true })
            await socket.close()
        }
    }

    @Test("blocked: REJECTED with an Id, nothing stored, fanned out or answered; a failed check passes on the next try")
    func stopped() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let blocked = try await client.send(chat, "my password is hunter2", clientToken: "t1")
            #expect(Self.status(blocked) == "REJECTED")
            #expect((blocked.json["Id"] as? String)?.isEmpty == false)
            let again = try await client.send(chat, "my password is hunter2", clientToken: "t1")
            #expect(again.json["Id"] as? String == blocked.json["Id"] as? String, "idempotent")
            #expect(Self.status(try await client.send(chat, "a glitch")) == "FAILED")
            let retried = try await client.send(chat, "a glitch")
            #expect(Self.status(retried) == nil)
            let stopped = await server.stoppedMessages(contactId: chat.contactId)
            #expect(stopped.map(\.status) == ["REJECTED", "FAILED"])
            let stored = await server.transcript(contactId: chat.contactId).compactMap(\.content)
            #expect(!stored.contains("my password is hunter2"))
            #expect(stored.filter { $0 == "a glitch" }.count == 1)
        }
    }

    @Test("the rules are checked when the flow is read: an unknown match or a bad pattern is a clear error")
    func invalidRules() throws {
        let base = #"{"name":"x","participants":{"b":{"role":"CUSTOM_BOT","displayName":"B"}},"initialState":"s","states":{"s":{"responder":"b"}},"messageRules":"#
        for rules in [#"[{"match":"ssn","action":"redact"}]"#, #"[{"pattern":"(","action":"reject"}]"#, #"[{"match":"card","action":"shout"}]"#] {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(DemoFlow.self, from: Data((base + rules + "}").utf8)) }
        }
        let flow = try JSONDecoder().decode(DemoFlow.self, from: Data((base + #"[{"match":"card","action":"redact"}]}"#).utf8))
        #expect(flow.messageRules.verdict(for: "pay 4111 1111 1111 1111 now", failedBefore: false) == .redacted("pay [PII] now"))
        #expect(flow.messageRules.verdict(for: "order 12345", failedBefore: false) == .pass)
    }
}
