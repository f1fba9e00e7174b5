import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `reset` over loopback: the local transcript is dropped and reloaded from the demo contact
/// center; the chat goes on with the same participant.
@Suite struct ResetEndToEndTests {
    /// Ids of the items in the latest `transcriptReset`, if one was published.
    static func resetItems(_ recorder: EventRecorder) async -> [ChatItem]? {
        await recorder.events.compactMap { event -> [ChatItem]? in
            if case .transcript(let update) = event, case .reset = update.change { return Array(update.items) }
            return nil
        }.last
    }

    @Test func resetReloadsTheServersTranscriptOnceAndTheChatGoesOn() async throws {
        let server = try await ConnectChatEndToEndTests.startServer()
        defer { Task { await server.stop() } }
        let session = DemoChat.session(server) { $0.core.initialHistory = 100 }
        let recorder = EventRecorder(session.events)
        await session.start()
        #expect(await recorder.wait { await $0.states.contains(.open) })
        for text in ["What are your opening hours?", "And on Sundays?"] {
            let localId = try #require(await session.send(text))
            let answered = await recorder.wait { recorder in
                let items = await recorder.currentItems
                guard let mine = items.firstIndex(where: { $0.localId == localId }), items[mine].delivery != .pending
                else { return false }
                return items[(mine + 1)...].contains { !$0.isOwn && $0.kind == .message }
            }
            #expect(answered, "the bot answers \(text)")
        }

        await session.perform(.reset)
        #expect(await recorder.wait { await Self.resetItems($0) != nil }, "the reloaded transcript is published")
        let reloaded = try #require(await Self.resetItems(recorder))

        // The reloaded transcript is the server's: the same messages, in the same order, each once.
        // (The bot may still be typing a second reply when the page is read: that one is on the
        // server after the page, and reaches the client afterwards, as an insert.)
        let contactId = try #require(await session.contactId())
        let record = await server.transcript(contactId: contactId)
        let serverMessages = record.filter { $0.type == "MESSAGE" }.map(\.id)
        let shownMessages = reloaded.filter { $0.kind == .message }.map(\.id)
        #expect(shownMessages.count >= 4 && serverMessages.starts(with: shownMessages), "\(shownMessages) against \(serverMessages)")
        let later = Set(serverMessages.dropFirst(shownMessages.count))
        #expect(await recorder.wait { await Set($0.currentItems.map(\.id)).isSuperset(of: later) }, "a later reply still arrives")
        #expect(Set(reloaded.map(\.id)).count == reloaded.count, "no item twice")
        #expect(Set(reloaded.map(\.id)).isSubset(of: Set(record.map(\.id))), "nothing the server does not hold")
        let own = reloaded.filter { $0.text == "What are your opening hours?" }
        #expect(own.count == 1 && own.first?.isOwn == true, "our message is still ours, with its delivery state")
        // Receipts and replies may still be on their way to the recorder: it catches up with the engine.
        #expect(await recorder.wait { await session.items == $0.currentItems }, "the engine holds what it published last")

        // A subscriber joining now gets the reloaded transcript once, as plain items.
        // (A bot reply still on its way may be added after the join: it then comes as one insert.)
        let late = EventRecorder(session.events)
        let once = await late.wait { recorder in await recorder.newItems.map(\.id) == session.items.map(\.id) }
        let (received, held) = (await late.newItems.map(\.id), await session.items.map(\.id))
        #expect(once, "the transcript as it is, once: \(received) against \(held)")

        // The chat goes on: same participant, new messages are merged once after the reload.
        let localId = try #require(await session.send("Thanks!"))
        let sent = await recorder.wait { recorder in
            await recorder.events.contains { event in
                guard case .transcript(let update) = event, let item = update.item else { return false }
                return item.localId == localId && item.delivery != .pending
            }
        }
        #expect(sent, "a message sent after the reset is accepted")
        let after = await session.items
        #expect(Set(after.map(\.id)).count == after.count, "still no duplicates")
        #expect(after.filter { $0.text == "Thanks!" }.count == 1)
        await session.shutdown()
    }

    @Test func resetWhileNotConnectedChangesNothing() async throws {
        let server = try await ConnectChatEndToEndTests.startServer()
        defer { Task { await server.stop() } }
        let session = ConnectChatEndToEndTests.session(for: server)
        let recorder = EventRecorder(session.events)
        await session.perform(.reset)
        #expect(await recorder.wait { recorder in
            await recorder.events.contains { if case .notice(let text) = $0 { text.contains("only while connected") } else { false } }
        })
        #expect(await Self.resetItems(recorder) == nil)
        await session.shutdown()
    }
}
