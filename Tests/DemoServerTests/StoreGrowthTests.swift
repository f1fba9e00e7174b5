import Foundation
import Testing

@testable import DemoServer

/// A long chat costs the demo server the same per message as a short one: what grows with a chat
/// (a contact's items, a PolyAI session's events) is changed where it is stored, never copied
/// whole because a call still holds the contact or session it read first. Watched by where the
/// storage lives: appended in place it moves only when it grows (about log₂ n times); copied, it
/// moves on every call.
@Suite("Demo server: a long chat's store")
struct StoreGrowthTests {
    @Test("Connect: the customer's messages and read receipts change the items in place (150 of each, the bot replying)")
    func connectItemsInPlace() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            var moves = 0
            var calls = 0
            var last = await server.hub.itemStorage(chat.contactId)
            for n in 0..<150 {
                let sent = try await client.send(chat, "message \(n)", clientToken: "token-\(n)")
                let id = try #require(sent.json["Id"] as? String)
                let read = try await client.post(
                    "/participant/event",
                    ["ContentType": EventType.read, "Content": #"{"messageId":"\#(id)"}"#, "ClientToken": "read-\(n)"],
                    bearer: chat.connectionToken)
                #expect(sent.status == 200 && read.status == 200)
                let now = await server.hub.itemStorage(chat.contactId)
                if now != last { moves += 1 }
                last = now
                calls += 2
            }
            let stored = await server.transcript(contactId: chat.contactId)
            #expect(stored.filter { $0.participantRole == "CUSTOMER" && $0.type == "MESSAGE" }.count == 150)
            #expect(moves <= 20, "the items moved \(moves) times in \(calls) calls")
        }
    }

    @Test("PolyAI: the customer's messages append to the session's events in place (150 messages, the bot replying)")
    func polyAIEventsInPlace() async throws {
        try await withDemoServer { server, _ in
            let (token, session) = try await PolyAIProtocolTests.bootstrap(server)
            let socket = try await TestSocket.open(PolyAIProtocolTests.socketURL(server, token, session))
            #expect(await socket.inbox.first { $0.contains("EVENT_BATCH") } != nil)
            var moves = 0
            var last = await server.hub.eventStorage(session)
            for n in 0..<150 {
                await socket.inbox.clear()
                try await socket.send(
                    #"{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"message \#(n)"},"metadata":{"custom":{"local_id":"L-\#(n)"}}}"#)
                #expect(await socket.inbox.first { $0.contains(#""local_id":"L-\#(n)""#) } != nil)
                let now = await server.hub.eventStorage(session)
                if now != last { moves += 1 }
                last = now
            }
            await socket.close()
            #expect(moves <= 20, "the events moved \(moves) times in 150 messages")
        }
    }
}

extension ContactCenterHub {
    /// Where a contact's items are stored now.
    func itemStorage(_ contactId: String) -> UInt? {
        store.items[contactId]?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// Where a PolyAI session's events are stored now.
    func eventStorage(_ sessionId: String) -> UInt? {
        polyAI.events[sessionId]?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
