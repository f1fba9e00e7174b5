import AgentConsole
import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing
import Transport

/// Bot → queue → live agent over loopback: a customer session and an agent console's session on one contact.
@Suite struct HandoffEndToEndTests {
    /// A demo server, a signed-in agent desk and a connected customer session.
    struct Stage {
        var server: DemoContactCenter
        var desk: AgentDeskClient
        var customer: ChatSession
        var customerEvents: EventRecorder
        var contactId: String
    }

    static func stage(agentName: String = "Sam") async throws -> Stage {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        // A generous timeout: under load a loopback call can take seconds (the waits below poll conditions).
        let desk = try await AgentDeskClient.signIn(server: server.baseURL, name: agentName, transport: HTTPTransport(settings: .direct, timeout: .seconds(30)))
        _ = try await desk.queue()
        let customer = DemoChat.session(server, name: "Pat") { $0.core.receiptWindow = 0.05 }
        let recorder = EventRecorder(customer.events)
        await customer.start()
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Welcome to the Helpline demo") } })
        return Stage(server: server, desk: desk, customer: customer, customerEvents: recorder,
                     contactId: try #require(await customer.contactId()))
    }

    /// Waits until the desk lists the contact as waiting.
    static func waitUntilQueued(_ stage: Stage) async throws -> WaitingChat {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let row = try await stage.desk.queue().first(where: { $0.id == stage.contactId }) { return row }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw AgentDeskError(description: "the chat never reached the queue")
    }

    static func queuePositions(_ recorder: EventRecorder) async -> [Int?] {
        await recorder.events.compactMap { event -> Int?? in
            if case .queuePosition(let position) = event { return .some(position) }
            return nil
        }
    }

    @Test func customerAndAgentChatThroughTheWholeLadder() async throws {
        let stage = try await Self.stage()
        defer { Task { await stage.server.stop() } }
        _ = await stage.customer.send("I'd like to talk to an agent")
        let row = try await Self.waitUntilQueued(stage)
        #expect(row.customerName == "Pat")
        #expect(row.queue == "Support")
        #expect(await stage.customerEvents.wait { await Self.queuePositions($0) == [1] },
                "the customer's status bar learns its place from the flow's prompt")

        let accepted = try await stage.desk.accept(row.id)
        var agentConfiguration = SessionConfiguration(transport: .direct)
        agentConfiguration.core.receiptWindow = 0.05
        let agent = ChatSession(wire: stage.desk.wire(for: accepted), configuration: agentConfiguration)
        let agentEvents = EventRecorder(agent.events)
        await agent.start()
        // The agent sees the whole bot conversation so far.
        #expect(await agentEvents.wait { recorder in
            let items = await recorder.currentItems
            return items.contains { $0.text.contains("Welcome to the Helpline demo") && $0.sender.role == .bot }
                && items.contains { $0.text == "I'd like to talk to an agent" && $0.sender.role == .customer && !$0.isOwn }
        })
        #expect(await stage.customerEvents.wait { recorder in
            let items = await recorder.currentItems
            return items.contains { $0.text == "Sam accepted your chat." && $0.sender.role == .system }
                && items.contains { $0.kind == .event(.joined) && $0.sender.name == "Sam" && $0.sender.role == .agent }
        })
        #expect(await stage.customerEvents.wait { await Self.queuePositions($0).last == .some(nil) }, "queue position cleared")

        // Markdown from the agent reaches the customer as the agent's message.
        _ = await agent.send("Hi Pat, **Sam** here. How can I help?")
        #expect(await stage.customerEvents.wait { recorder in
            await recorder.currentItems.contains {
                $0.sender.role == .agent && $0.sender.name == "Sam" && $0.text.contains("**Sam** here") && $0.contentType == "text/markdown"
            }
        })
        // The customer's answer reaches the agent; no bot answers it any more.
        let thanksId = await stage.customer.send("My parcel is late")
        #expect(await agentEvents.wait { await $0.currentItems.contains { $0.text == "My parcel is late" && !$0.isOwn } })
        #expect(await stage.customerEvents.wait { recorder in
            await recorder.currentItems.contains { $0.localId == thanksId && $0.delivery == .delivered }
        }, "the agent's console received the customer's message")
        let received = try #require(await agentEvents.currentItems.first { $0.text == "My parcel is late" })
        await agent.perform(.seen(messageId: received.id))
        #expect(await stage.customerEvents.wait { recorder in
            await recorder.currentItems.contains { $0.localId == thanksId && $0.delivery == .read }
        }, "the agent read it")
        await stage.customer.perform(.typing)
        #expect(await agentEvents.wait { recorder in
            await recorder.events.contains { if case .typing(let who) = $0 { return who.name == "Pat" } else { return false } }
        }, "the agent sees the customer typing")

        // The agent ends the chat; the customer sees who left and that it ended.
        await agent.end()
        #expect(await stage.customerEvents.wait { await $0.states.last?.isTerminal == true })
        let customerItems = await stage.customerEvents.currentItems
        let leftIndex = try #require(customerItems.lastIndex { $0.kind == .event(.left) && $0.sender.name == "Sam" })
        let endedIndex = try #require(customerItems.lastIndex { $0.kind == .event(.chatEnded) })
        #expect(leftIndex < endedIndex)

        // Both transcripts hold every message of the server's record, once, in order.
        let serverMessages = await stage.server.transcript(contactId: stage.contactId).filter { $0.type == "MESSAGE" }.map(\.id)
        #expect(await stage.customerEvents.wait { await $0.currentItems.filter { $0.kind == .message }.map(\.id) == serverMessages })
        let agentMessages = await agent.items.filter { $0.kind == .message }.map(\.id)
        #expect(agentMessages == serverMessages)
        await agent.shutdown()
        await stage.customer.shutdown()
    }

    @Test func theAgentHandsTheChatBackToTheBot() async throws {
        let stage = try await Self.stage(agentName: "Kim")
        defer { Task { await stage.server.stop() } }
        _ = await stage.customer.send("agent")
        let row = try await Self.waitUntilQueued(stage)
        let accepted = try await stage.desk.accept(row.id)
        let agent = ChatSession(wire: stage.desk.wire(for: accepted), configuration: SessionConfiguration(transport: .direct))
        let agentEvents = EventRecorder(agent.events)
        await agent.start()
        #expect(await agentEvents.wait { await $0.states.contains(.open) })
        try await stage.desk.release(row.id)
        #expect(await agentEvents.wait { await $0.states.last?.isTerminal == true }, "the agent's session closes")
        #expect(await stage.customerEvents.wait { recorder in
            let items = await recorder.currentItems
            return items.contains { $0.kind == .event(.left) && $0.sender.name == "Kim" }
                && items.contains { $0.kind == .event(.transferSucceeded) }
                && items.contains { $0.text.contains("back with the Helpline Bot") }
        })
        _ = await stage.customer.send("hours")
        #expect(await stage.customerEvents.wait { await $0.currentItems.contains { $0.text.contains("opening hours") } },
                "the bot answers again")
        #expect(await stage.customer.connectionState == .open, "the customer's chat goes on")
        await agent.shutdown()
        await stage.customer.shutdown()
    }
}
