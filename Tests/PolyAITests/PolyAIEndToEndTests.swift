import ChatEngine
import ChatModel
import SessionCore
import DemoServer
import Foundation
import HelplineTestSupport
import PolyAI
import Testing

@Suite("PolyAI end to end over loopback", .serialized)
struct PolyAIEndToEndTests {
    @Test("streaming on: the greeting grows chunk by chunk, then settles; a message is confirmed by its echo")
    func streamingOn() async throws {
        let harness = try await PolyAIHarness.start(streaming: true)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome to the Helpline demo"))
        let greeting = await harness.recorder.allItemEvents.filter { $0.text.hasPrefix("Hi Customer") }
        #expect(greeting.count >= 3)
        #expect(Set(greeting.map(\.id)).count == 1)
        #expect(greeting.dropLast().allSatisfy { $0.isStreaming })
        #expect(greeting.last?.isStreaming == false)
        let localId = try #require(await harness.session.send("hours"))
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .sent && $0.id != localId }
        })
        #expect(await harness.waitForReply(containing: "opening hours"))
        await harness.session.end()
        #expect(await harness.recorder.wait { await $0.states.last?.isTerminal == true })
        guard case .closed = await harness.recorder.states.last else {
            Issue.record("expected closed, got \(String(describing: await harness.recorder.states.last))")
            return
        }
    }

    @Test("streaming off: only whole messages are shown")
    func streamingOff() async throws {
        let harness = try await PolyAIHarness.start(streaming: false)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome to the Helpline demo"))
        await harness.session.send("stream")
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.filter { !$0.isOwn && $0.sender.role == .bot }.count >= 2
        })
        #expect(await harness.recorder.allItemEvents.allSatisfy { !$0.isStreaming })
    }

    @Test("handoff ladder: the live agent joins after queue events; the UI sees the same events as Connect")
    func handoff() async throws {
        let harness = try await PolyAIHarness.start(streaming: true)
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        await harness.session.send("agent")
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.sender.role == .agent && $0.kind == .message && $0.text.contains("I'm Ava") }
        })
        let items = await harness.recorder.currentItems
        #expect(items.contains { $0.kind == .event(.handoff) })
        // The flow's transfer announcement is the handoff's start, said once (not also a system line).
        let transfers = items.filter { $0.text.lowercased().contains("transferring you") }
        #expect(transfers.count == 1, "\(transfers.map(\.text))")
        #expect(items.contains { $0.kind == .event(.queued) })
        #expect(items.contains { $0.kind == .event(.joined) && $0.sender.role == .agent })
        #expect(items.contains { $0.kind == .event(.left) && $0.sender.role == .bot })
        let positions = await harness.recorder.events.compactMap { event -> Int?? in
            if case .queuePosition(let position) = event { return position } else { return nil }
        }
        #expect(positions == [3, 2, 1, nil], "HANDOFF_QUEUE_STATUS per position, cleared when the agent joins")
        for position in [3, 2, 1] {
            let line = "You are number \(position) in the Support queue."
            #expect(items.filter { $0.text == line }.count == 1, "\(line) shown once, as the queue status")
        }
    }

    @Test("handoff timeout: the queue is left with HANDOFF_TIMEOUT and the bot answers again")
    func handoffTimeout() async throws {
        let harness = try await PolyAIHarness.start(streaming: false, flowName: "handoff")
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "agent"))
        await harness.session.send("agent please")
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.kind == .event(.transferFailed) }
        })
        let items = await harness.recorder.currentItems
        #expect(items.contains { $0.text == "No live agent became available in time" })
        #expect(await harness.recorder.events.last { if case .queuePosition = $0 { true } else { false } } == .queuePosition(nil))
        #expect(await harness.waitForReply(containing: "no agent is free"))
        await harness.session.send("hello again")
        #expect(await harness.waitForReply(containing: "I only hand chats over here"))
    }

    @Test("bad API key: a clear error at once and exactly one access-token call")
    func badKey() async throws {
        let harness = try await PolyAIHarness.start(apiKey: "wrong-key", acceptedKeys: ["right-key"])
        defer { Task { await harness.stop() } }
        #expect(await harness.recorder.wait { await $0.states.last?.isTerminal == true })
        guard case .failed(let reason) = await harness.recorder.states.last else {
            Issue.record("expected failed")
            return
        }
        #expect(reason.contains("refused the API key (Connector token does not exist, HTTP 401"))
        #expect(!reason.contains("wrong-key"))
        #expect(await harness.server.polyAIRequestCount("access-token") == 1)
        #expect(await harness.server.polyAIRequestCount("sessions") == 0)
    }

    @Test("a message the server never echoes fails after three sockets' tries, and the next one goes")
    func deliveryFailure() async throws {
        let harness = try await PolyAIHarness.start(echoTimeout: .milliseconds(200))
        defer { Task { await harness.stop() } }
        #expect(await harness.waitForReply(containing: "Welcome"))
        await harness.server.setPolyAIDropUserMessages(true)
        let localId = try #require(await harness.session.send("hello?"))
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == localId && $0.delivery == .failed }
        })
        #expect(await harness.recorder.events.contains { event in
            if case .notice(let text) = event { return text.contains("did not confirm") }
            return false
        })
        await harness.server.setPolyAIDropUserMessages(false)
        let next = try #require(await harness.session.send("hours"))
        #expect(await harness.recorder.wait { recorder in
            await recorder.currentItems.contains { $0.localId == next && $0.delivery == .sent }
        })
    }
}

@Suite("PolyAI REST retry policy")
struct PolyAIRESTRetryTests {
    @Test("5xx is retried: four attempts, then a network error (waits injected)")
    func serverErrors() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        await server.setRESTFailureRate(1.0)
        let wire = PolyAIWire(
            options: PolyAIOptions(apiKey: "k", hostId: "h", environment: .custom(rest: server.polyAIRestURL, ws: server.polyAISocketURL)),
            ids: .random())
        let session = ChatSession(wire: wire, configuration: SessionConfiguration(transport: .direct, sleep: { _ in }))
        let recorder = EventRecorder(session.events)
        await session.start()
        defer { Task { await session.shutdown() } }
        #expect(await recorder.wait { await $0.states.last?.isTerminal == true })
        #expect(await server.polyAIRequestCount("access-token") == 4)
        guard case .failed(let reason) = await recorder.states.last else {
            Issue.record("expected a failure")
            return
        }
        #expect(reason.contains("network error"))
    }
}
