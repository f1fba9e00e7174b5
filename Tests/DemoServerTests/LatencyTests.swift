import Foundation
import Testing

@testable import DemoServer

/// The `latency` and `jitter` faults hold REST answers and socket frames (both ways) on the demo's
/// injectable sleep: nothing moves until the test releases it.
@Suite struct LatencyTests {
    /// Collects a value some task delivers later.
    actor Box<Value: Sendable> {
        var value: Value?
        func set(_ value: Value) { self.value = value }
    }

    @Test func faultSpecParsesLatencyAndJitter() throws {
        let faults = try DemoFaults.parse("latency=250ms,jitter=50ms")
        #expect(faults.latency == .milliseconds(250))
        #expect(faults.jitter == .milliseconds(50))
        #expect(throws: DemoFaults.ParseError.self) { try DemoFaults.parse("latency=soon") }
    }

    @Test func restAnswersWaitForTheLatency() async throws {
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig {
            $0.faults = DemoFaults(latency: .milliseconds(300))
            $0.latencySleep = { try await sleeper.sleep($0) }
        }
        try await withDemoServer(config) { _, client in
            let box = Box<Int>()
            let call = Task { await box.set(try await client.request("/Prod", body: "{}").status) }
            #expect(await sleeper.waitForSleeper(.milliseconds(300)), "the answer is held for the latency")
            #expect(await eventually(timeout: .milliseconds(300)) { await box.value != nil } == false, "not before")
            #expect(await sleeper.release(.milliseconds(300)))
            try await call.value
            #expect(await box.value == 502)
        }
    }

    @Test func socketFramesWaitBothWaysAndKeepTheirOrderUnderJitter() async throws {
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig {
            $0.flowName = "silent"
            $0.faults = DemoFaults(seed: 3, latency: .milliseconds(200), jitter: .milliseconds(100))
            $0.latencySleep = { try await sleeper.sleep($0) }
        }
        try await withDemoServer(config) { server, _ in
            // Set up without the fault, then turn it on for the socket's traffic.
            await server.setLatency(.zero, jitter: .zero)
            let chat = try await DemoClient(server: server).startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            // The agent joins (its own frame) before the fault, so each message below is exactly one frame.
            let joined = try #require(await server.injectMessage(contactId: chat.contactId, text: "hello"))
            #expect(await socket.inbox.first { TestSocket.chatItem($0)?["Id"] as? String == joined } != nil)
            await server.setLatency(.milliseconds(200), jitter: .milliseconds(100))

            try await socket.send(#"{"topic":"aws/heartbeat"}"#)
            let inbound = try #require(await sleeper.releaseNext(), "the client's frame is held on its way in")
            #expect((200...300).contains(inbound.wholeMilliseconds))
            let outbound = try #require(await sleeper.releaseNext(), "the answer is held on its way out")
            #expect((200...300).contains(outbound.wholeMilliseconds))
            #expect(await socket.inbox.first { $0 == #"{"topic":"aws/heartbeat"}"# } != nil)

            var ids: [String] = []
            for index in 0..<4 {
                if let id = await server.injectMessage(contactId: chat.contactId, text: "m\(index)") { ids.append(id) }
            }
            // Release the held frames newest first: they still arrive in the order they were sent.
            var held: [Duration] = []
            #expect(await sleeper.waitForCount(ids.count), "every frame is held")
            for _ in ids { if let next = await sleeper.releaseNewest() { held.append(next) } }
            #expect(held.count == ids.count)
            #expect(held.allSatisfy { (200...300).contains($0.wholeMilliseconds) })
            for id in ids { #expect(await socket.inbox.first { TestSocket.chatItem($0)?["Id"] as? String == id } != nil) }
            let order = await socket.chatItems().compactMap { $0["Id"] as? String }.filter(ids.contains)
            #expect(order == ids)
            await server.setLatency(.zero, jitter: .zero)
            await socket.close()
        }
    }
}
