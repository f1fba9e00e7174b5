import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Logging
import SessionCore
import Testing

/// Exactly-once under fire: dropped sockets, a half-open socket and failing REST calls.
@Suite struct ChaosTests {
    /// A session tuned to recover in milliseconds instead of seconds (same logic, smaller constants).
    static func fastSession(_ server: DemoContactCenter) -> ChatSession {
        DemoChat.session(server, name: "Chaos", heartbeat: .milliseconds(600)) { configuration in
            configuration.core.reconnectPolicy = BackoffPolicy(
                base: .milliseconds(20), multiplier: 2, cap: .milliseconds(300), jitter: 0.3, maxAttempts: nil)
            configuration.core.heartbeatGrace = .milliseconds(400)
            configuration.core.sendBackoff = BackoffPolicy(base: .milliseconds(20), multiplier: 2, cap: .milliseconds(200), jitter: 0.3)
            if ProcessInfo.processInfo.environment["HELPLINE_CHAOS_LOG"] != nil {
                var logger = Logger(label: "chaos", factory: { StreamLogHandler.standardError(label: $0) })
                logger.logLevel = .debug
                configuration.logger = logger
            }
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func transcriptsMatchItemForItemAfterChaos() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(flowName: "silent", replyDelay: .milliseconds(5)))
        defer { Task { await server.stop() } }
        let session = Self.fastSession(server)
        let recorder = EventRecorder(session.events)
        await session.start()
        #expect(await recorder.wait { await $0.states.contains(.open) })
        let contactId = try #require(await session.contactId())

        await server.setRESTFailureRate(0.05, seed: 42)
        let agentMessages = 500
        let customerMessages = 100
        var drops = 0
        for index in 1...agentMessages {
            await server.injectMessage(contactId: contactId, text: "agent \(index)")
            if index % 5 == 0 { await session.send("customer \(index / 5)") }
            if index % 24 == 0 {
                // Drop while connected, so every drop really cuts a live socket, then let the
                // client notice it (agent messages keep coming meanwhile).
                #expect(await recorder.wait(timeout: .seconds(30)) { await $0.states.last == .open })
                let before = await recorder.states.count
                await server.dropAllSockets(abruptly: drops % 2 == 1)
                drops += 1
                #expect(await recorder.wait(timeout: .seconds(30)) { recorder in
                    await recorder.states.dropFirst(before).contains { if case .reconnecting = $0 { true } else { false } }
                })
            }
            if index == 250 {
                // Half-open: nothing arrives, nothing is answered, nothing is closed.
                #expect(await recorder.wait(timeout: .seconds(30)) { await $0.states.last == .open })
                let before = await recorder.states.count
                await server.setHalfOpen(true)
                let noticed = await recorder.wait(timeout: .seconds(30)) { recorder in
                    await recorder.states.dropFirst(before).contains { if case .reconnecting = $0 { true } else { false } }
                }
                #expect(noticed, "the silent socket is detected by the heartbeat")
                await server.setHalfOpen(false)
            }
        }
        #expect(drops >= 20)
        let reconnects = await recorder.states.filter { if case .reconnecting = $0 { true } else { false } }.count
        #expect(reconnects >= 21, "every drop and the half-open socket were noticed: \(reconnects)")
        await server.setRESTFailureRate(0)

        // Everything settles: all our messages accepted and the client holds what the server holds.
        let snapshot = Snapshot()
        let settled = await recorder.wait(timeout: .seconds(60)) { recorder in
            let items = await recorder.currentItems
            let onServer = await server.transcript(contactId: contactId).filter { $0.type != "MESSAGEMETADATA" }
            await snapshot.set(client: items, newCount: await recorder.newItems.count, server: onServer)
            return items.filter { $0.isOwn && $0.delivery == .pending }.isEmpty && Set(items.map(\.id)) == Set(onServer.map(\.id))
        }
        #expect(settled, "the client caught up with the server")
        if !settled {
            let states = await recorder.states.map(\.summary)
            Issue.record("states: \(states.suffix(40).joined(separator: " | "))")
        }

        // Compare the two snapshots that satisfied the condition.
        let serverItems = await snapshot.server
        let client = await snapshot.client
        let clientNew = await snapshot.newCount
        #expect(clientNew == client.count, "every item published once")
        #expect(Set(client.map(\.id)).count == client.count, "no duplicate ids")
        #expect(client.count == serverItems.count, "no losses: \(client.count) vs \(serverItems.count)")
        let serverIds = Set(serverItems.map(\.id))
        for extra in client where !serverIds.contains(extra.id) {
            Issue.record("client-only item: \(extra.id) local \(extra.localId ?? "-") \(extra.text) \(String(describing: extra.delivery))")
        }
        // Items from the contact center arrive in the server's order.
        let ownIds = Set(client.filter(\.isOwn).map(\.id))
        let serverOrder = serverItems.map(\.id).filter { !ownIds.contains($0) }
        let clientOrder = client.filter { !$0.isOwn }.map(\.id)
        #expect(clientOrder == serverOrder, "agent items in order")
        for index in 1...customerMessages {
            let copies = serverItems.filter { $0.content == "customer \(index)" }.count
            #expect(copies == 1, "customer \(index) is on the server \(copies) times")
        }
        for index in 1...agentMessages {
            #expect(client.filter { $0.text == "agent \(index)" }.count == 1, "agent \(index) shown once")
        }
        await session.shutdown()
    }
}

/// The last client and server views taken together while waiting for them to agree.
actor Snapshot {
    private(set) var client: [ChatItem] = []
    private(set) var newCount = 0
    private(set) var server: [DemoTranscriptEntry] = []

    func set(client: [ChatItem], newCount: Int, server: [DemoTranscriptEntry]) {
        self.client = client
        self.newCount = newCount
        self.server = server
    }
}
