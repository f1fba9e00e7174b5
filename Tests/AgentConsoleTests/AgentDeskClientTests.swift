import AgentConsole
import ChatEngine
import DemoServer
import Foundation
import HelplineTestSupport
import Testing
import Transport

/// The agent console's desk client against the demo contact center on loopback: the queue, taking a
/// chat, handing it back, and the messages an agent reads when the desk says no.
@Suite("Agent desk client", .timeLimit(.minutes(2)))
struct AgentDeskClientTests {
    /// Generous: under load a loopback call can take seconds (the waits below poll conditions).
    static let transport = HTTPTransport(settings: .direct, timeout: .seconds(30))

    @Test("a waiting chat is taken once, and only the agent who took it can hand it back")
    func acceptAndRelease() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let sam = try await AgentDeskClient.signIn(server: server.baseURL, name: "Sam", transport: Self.transport)
        let alex = try await AgentDeskClient.signIn(server: server.baseURL, name: "Alex", transport: Self.transport)
        #expect(sam.name == "Sam" && alex.name == "Alex")
        let customer = DemoChat.session(server, name: "Pat")
        let recorder = EventRecorder(customer.events)
        await customer.start()
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Welcome to the Helpline demo") } })
        let contactId = try #require(await customer.contactId())
        _ = await customer.send("I'd like to talk to an agent")

        let deadline = ContinuousClock.now + .seconds(20)
        var waiting = try await sam.queue()
        while !waiting.contains(where: { $0.id == contactId }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            waiting = try await sam.queue()
        }
        let row = try #require(waiting.first { $0.id == contactId }, "the chat reached the queue")
        #expect(row.customerName == "Pat")

        let chat = try await sam.accept(contactId)
        #expect(chat.contactId == contactId && chat.customerName == "Pat" && !chat.participantToken.isEmpty)
        #expect(try await sam.queue().contains { $0.id == contactId } == false, "a taken chat leaves the queue")
        await #expect(throws: AgentDeskError(description: "That chat is no longer waiting for an agent")) {
            try await alex.accept(contactId)
        }
        await #expect(throws: AgentDeskError(description: "That chat is not assigned to you")) {
            try await alex.release(contactId)
        }
        try await sam.release(contactId)

        await sam.signOut()
        await #expect(throws: AgentDeskError(description: "Unknown or signed-out agent token; sign in again")) {
            try await sam.queue()
        }
        await customer.shutdown()
    }

    @Test("a desk nobody answers at is one clear message")
    func unreachableDesk() async throws {
        let port = try Self.unusedPort()
        do {
            _ = try await AgentDeskClient.signIn(
                server: try #require(URL(string: "http://127.0.0.1:\(port)")), name: "Sam", transport: Self.transport)
            Issue.record("signed in to nothing")
        } catch let error as AgentDeskError {
            #expect(error.description.hasPrefix("cannot reach the agent desk:"), "\(error)")
            #expect(error.description.contains("127.0.0.1:\(port)"), "it names where it looked: \(error)")
        }
    }

    @Test("a desk beyond loopback takes the console that gives its desk token, and tells one that does not")
    func deskToken() async throws {
        var configuration = DemoServerConfiguration(replyDelay: .milliseconds(20))
        configuration.host = "0.0.0.0"
        let server = try await DemoContactCenter.start(configuration)
        defer { Task { await server.stop() } }
        let token = try #require(server.deskToken)
        // 127.0.0.2 stands in for the network the server is reachable from.
        let port = try #require(server.baseURL.port)
        let network = try #require(URL(string: "http://127.0.0.2:\(port)"))
        do {
            _ = try await AgentDeskClient.signIn(server: network, name: "Mallory", transport: Self.transport)
            Issue.record("signed in without the desk token")
        } catch let error as AgentDeskError {
            #expect(error.description.contains("desk token"), "\(error)")
        }
        let sam = try await AgentDeskClient.signIn(server: network, name: "Sam", deskToken: token, transport: Self.transport)
        #expect(try await sam.queue().isEmpty, "every desk call carries the token")
        await sam.signOut()
    }

    struct NoPort: Error {}

    /// A loopback port nothing listens on (bound, read, closed).
    static func unusedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw NoPort() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
