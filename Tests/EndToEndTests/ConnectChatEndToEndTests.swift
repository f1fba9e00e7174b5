import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// A real chat: the demo contact center on 127.0.0.1, the Connect backend over HTTP and WebSocket.
@Suite struct ConnectChatEndToEndTests {
    static func startServer() async throws -> DemoContactCenter {
        try await DemoContactCenter.start(DemoServerConfiguration(port: 0, replyDelay: .milliseconds(20)))
    }

    static func session(for server: DemoContactCenter, name: String = "Maria") -> ChatSession {
        DemoChat.session(server, name: name)
    }

    @Test func greetingMessageReplyEchoOnceAndEnd() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let session = Self.session(for: server)
        let recorder = EventRecorder(session.events)
        let second = EventRecorder(session.events)
        await session.start()

        #expect(await recorder.wait { await $0.states.contains(.open) }, "the session opens")
        let greeted = await recorder.wait { recorder in
            await recorder.newItems.contains { $0.text.contains("Helpline demo") && !$0.isOwn }
        }
        #expect(greeted, "the bot's greeting arrives")

        let localId = try #require(await session.send("What are your opening hours?"))
        let sent = await recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery.map { $0 >= .sent } == true }
        }
        #expect(sent, "our message is accepted by the server")
        let replied = await recorder.wait { recorder in
            let items = await recorder.currentItems
            guard let mine = items.firstIndex(where: { $0.localId == localId }) else { return false }
            return items[(mine + 1)...].contains { !$0.isOwn && $0.kind == .message }
        }
        #expect(replied, "the bot replies after our message")

        // Exactly once: our message was published once as new, and never again under its server id.
        let newItems = await recorder.newItems
        let ownNew = newItems.filter { $0.text == "What are your opening hours?" }
        #expect(ownNew.count == 1)
        #expect(Set(newItems.map { $0.localId ?? $0.id }).count == newItems.count, "no item published twice")
        let serverId = try #require(await recorder.currentItems.first { $0.localId == localId }?.id)
        #expect(serverId != localId, "the pending id was replaced by the server's")

        await session.end()
        #expect(await recorder.wait { await $0.states.last.map { if case .closed = $0 { true } else { false } } == true })
        let contactId = try #require(await session.contactId())
        let record = await server.transcript(contactId: contactId)
        #expect(record.filter { $0.content == "What are your opening hours?" }.count == 1, "the server got it exactly once")
        #expect(record.contains { $0.id == serverId })
        #expect(record.contains { $0.contentType.hasSuffix("chat.ended") }, "the server ended the chat")

        // A second subscriber saw the same items.
        #expect(await second.wait { await $0.newItems.count == recorder.newItems.count })
        await session.shutdown()
    }

    @Test func rejoiningShowsTheTranscriptOnceAndOlderPagesLoad() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let first = Self.session(for: server)
        let recorder = EventRecorder(first.events)
        await first.start()
        #expect(await recorder.wait { await $0.states.contains(.open) })
        let count = 20
        for index in 1...count { await first.send("message \(index)") }
        let allSent = await recorder.wait(timeout: .seconds(30)) { recorder in
            await recorder.currentItems.filter { $0.isOwn && $0.delivery != .pending }.count == count
        }
        #expect(allSent)
        let token = try #require(await first.participantToken())
        await first.shutdown()

        // A second client joins the same chat with the participant token: history is shown once.
        let rejoin = DemoChat.joining(server, token: token) { $0.core.initialHistory = 10 }
        let second = EventRecorder(rejoin.events)
        await rejoin.start()
        #expect(await second.wait { await $0.states.contains(.open) })
        #expect(await second.wait { await $0.newItems.contains { $0.text == "message \(count)" } }, "recent history is shown")
        let recent = await second.newItems
        #expect(recent.count <= 12, "only the most recent page is loaded at first")
        #expect(recent.filter { $0.text.hasPrefix("message ") }.allSatisfy { $0.isOwn }, "our own history counts as ours")

        await rejoin.perform(.loadOlder)
        let loaded = await second.wait { recorder in
            await recorder.events.contains { if case .transcript(let update) = $0, case .merged = update.change { true } else { false } }
        }
        #expect(loaded, "the older page is published")
        let all = await second.currentItems
        let recentIds = Set(recent.map(\.id))
        let older = all.filter { !recentIds.contains($0.id) }
        #expect(!older.isEmpty, "an older page loads")
        #expect(Set(all.map(\.id)).count == all.count, "no item appears twice across pages")
        #expect(all.map(\.time) == all.map(\.time).sorted(), "older items come before, in time order")
        #expect(older.filter { $0.text.hasPrefix("message ") }.allSatisfy { $0.isOwn && $0.delivery != nil }, "our older messages are ours")
        await rejoin.shutdown()
    }

    @Test func wrongParticipantTokenEndsWithAClearReason() async throws {
        let server = try await Self.startServer()
        defer { Task { await server.stop() } }
        let session = DemoChat.joining(server, token: "not-a-token")
        let recorder = EventRecorder(session.events)
        await session.start()
        await session.waitUntilFinished()
        // The recorder reads the events on its own task: wait until it has read the last one.
        _ = await recorder.wait { recorder in
            switch await recorder.states.last {
            case .closed, .failed: true
            default: false
            }
        }
        let final = await recorder.states.last
        guard case .closed(let reason) = final else {
            Issue.record("expected closed, got \(String(describing: final))")
            return
        }
        guard case .unavailable(let message) = reason else {
            Issue.record("expected the chat to be unavailable, got \(reason)")
            return
        }
        #expect(reason.description.contains("no longer available") && !message.isEmpty, "\(reason)")
    }

    @Test func unreachableEndpointFailsFastWithNetworkReason() async throws {
        let wire = ConnectWire(start: .participantToken("token", displayName: nil), endpoint: "http://127.0.0.1:9", ids: .random())
        let session = ChatSession(wire: wire, configuration: SessionConfiguration(transport: .direct, sleep: { _ in }))
        let recorder = EventRecorder(session.events)
        await session.start()
        await session.waitUntilFinished()
        // The session has finished; its recorder may still be reading the last events.
        _ = await recorder.wait { await $0.states.last?.isTerminal == true }
        let final = await recorder.states.last
        guard case .failed(let reason) = final else {
            Issue.record("expected failed, got \(String(describing: final))")
            return
        }
        #expect(reason.contains("refused") || reason.contains("network"))
    }
}
