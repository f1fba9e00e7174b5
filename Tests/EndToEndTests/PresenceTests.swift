import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Typing and receipts, both ways, against the demo contact center's own records.
@Suite struct PresenceTests {
    /// A demo server and a connected session with a recorder; `flow` picks the demo flow.
    static func connected(flow: String = "default", replyDelay: Duration = .milliseconds(20)) async throws
        -> (DemoContactCenter, ChatSession, EventRecorder, String)
    {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(flowName: flow, replyDelay: replyDelay))
        let session = session(server)
        let recorder = EventRecorder(session.events)
        await session.start()
        #expect(await recorder.wait { await $0.states.contains(.open) })
        return (server, session, recorder, try #require(await session.contactId()))
    }

    static func session(_ server: DemoContactCenter, receiptWindow: TimeInterval = 0.2) -> ChatSession {
        DemoChat.session(server, name: "Pat") { $0.core.receiptWindow = receiptWindow }
    }

    @Test func ownMessageReachesReadWhenTheBotReadsIt() async throws {
        let (server, session, recorder, _) = try await Self.connected()
        defer { Task { await server.stop() } }
        let localId = try #require(await session.send("hours"))
        let read = await recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .read }
        }
        #expect(read, "the bot's read receipt moves our message to read")
        let updates = await recorder.events.compactMap { event -> Delivery? in
            if case .transcript(let update) = event, !update.isNewItem, let item = update.item, item.localId == localId {
                return item.delivery
            }
            return nil
        }
        #expect(updates == updates.sorted(), "delivery never moves backwards: \(updates)")
        await session.shutdown()
    }

    @Test func receiptsGoOnlyForOthersMessagesAndReadSupersedesDelivered() async throws {
        let (server, session, recorder, contactId) = try await Self.connected()
        defer { Task { await server.stop() } }
        #expect(await recorder.wait { await $0.newItems.contains { $0.text.contains("Helpline demo") } })
        let greeting = try #require(await recorder.newItems.first { $0.text.contains("Helpline demo") })

        // Delivered goes by itself once the window closes.
        let delivered = await recorder.wait { _ in
            await server.receivedEvents(contactId: contactId).contains {
                $0.contentType.hasSuffix("message.delivered") && ($0.content ?? "").contains(greeting.id)
            }
        }
        #expect(delivered, "a delivered receipt for the bot's greeting")


        // Seeing it sends read.
        await session.perform(.seen(messageId: greeting.id))
        let readSent = await recorder.wait { _ in
            await server.receivedEvents(contactId: contactId).contains {
                $0.contentType.hasSuffix("message.read") && ($0.content ?? "").contains(greeting.id)
            }
        }
        #expect(readSent, "a read receipt once seen")

        // Our own messages are never acknowledged by us.
        let mine = try #require(await session.send("hello"))
        #expect(await recorder.wait { await $0.currentItems.contains { $0.localId == mine && $0.delivery != .pending } })
        let ownId = try #require(await recorder.currentItems.first { $0.localId == mine }?.id)
        await session.perform(.seen(messageId: ownId))
        #expect(await recorder.wait { _ in
            await server.receivedEvents(contactId: contactId).filter { $0.contentType.hasSuffix("message.read") }.count >= 1
        })
        let receipts = await server.receivedEvents(contactId: contactId).filter { $0.contentType.contains("event.message.") }
        #expect(!receipts.contains { ($0.content ?? "").contains(ownId) }, "no receipt for our own message")
        let readIds = receipts.filter { $0.contentType.hasSuffix("message.read") }.compactMap(\.content)
        #expect(Set(readIds).count == readIds.count, "never the same read receipt twice")
        await session.shutdown()
    }

    @Test func aTypingBurstSendsOneEventPerInterval() async throws {
        let (server, session, recorder, contactId) = try await Self.connected(flow: "silent")
        defer { Task { await server.stop() } }
        for _ in 0..<40 { await session.perform(.typing) }
        let typed = await recorder.wait { _ in
            await server.receivedEvents(contactId: contactId).contains { $0.contentType.hasSuffix("event.typing") }
        }
        #expect(typed)
        await session.send("done typing")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text == "done typing" && $0.delivery != .pending } })
        let typing = await server.receivedEvents(contactId: contactId).filter { $0.contentType.hasSuffix("event.typing") }
        #expect(typing.count == 1, "40 keystrokes within the 10 s interval send one typing event, got \(typing.count)")
        await session.shutdown()
    }

    @Test func incomingTypingNamesTheTypist() async throws {
        let (server, session, recorder, _) = try await Self.connected(replyDelay: .milliseconds(200))
        defer { Task { await server.stop() } }
        await session.send("hours")
        let typing = await recorder.wait { recorder in
            await recorder.events.contains { if case .typing(let who) = $0 { who.name == "Helpline Bot" } else { false } }
        }
        #expect(typing, "the bot's typing arrives with its name")
        let ownTyping = await recorder.events.contains { if case .typing(let who) = $0 { who.role == .customer } else { false } }
        #expect(!ownTyping, "our own typing echo is not shown")
        await session.shutdown()
    }
}

/// Suspend closes the socket and queues messages; resume reconnects and delivers them.
@Suite struct SuspendResumeTests {
    @Test func suspendQueuesAndResumeDelivers() async throws {
        let (server, session, recorder, contactId) = try await PresenceTests.connected(flow: "silent")
        defer { Task { await server.stop() } }
        await session.perform(.suspend)
        #expect(await recorder.wait { await $0.states.last == .idle })
        #expect(await recorder.wait { _ in await server.openSocketCount(contactId: contactId) == 0 }, "the socket is closed")
        let localId = try #require(await session.send("while suspended"))
        await server.injectMessage(contactId: contactId, text: "missed while away")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.localId == localId } })
        #expect(await recorder.currentItems.first { $0.localId == localId }?.delivery == .pending, "waits while suspended")
        #expect(await recorder.states.last == .idle, "no reconnect attempts while suspended")

        await session.perform(.resume)
        #expect(await recorder.wait { await $0.currentItems.contains { $0.localId == localId && $0.delivery != .pending } })
        #expect(await recorder.wait { await $0.newItems.contains { $0.text == "missed while away" } }, "backfilled on resume")
        #expect(await server.transcript(contactId: contactId).filter { $0.content == "while suspended" }.count == 1)
        await session.shutdown()
    }
}
