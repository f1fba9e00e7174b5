import ChatEngine
import ChatModel
import SessionCore
import DemoServer
import Foundation
import PolyAI
import Synchronization

/// A wall clock tests move by hand (for the idle and two-hour checks).
public final class PolyAITestClock: Sendable {
    private let current = Mutex(Date())

    /// A clock at the current time.
    public init() {}

    /// The clock's time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A demo server plus a PolyAI session against it.
public struct PolyAIHarness: Sendable {
    /// The demo contact center on loopback.
    public let server: DemoContactCenter
    /// The client session (started).
    public let session: ChatSession
    /// Everything the session published.
    public let recorder: EventRecorder

    /// Starts a demo server (fast replies; `acceptedKeys` nil accepts any key) and a started PolyAI
    /// session against it with quick reconnects and no typing notices.
    public static func start(
        apiKey: String = "demo-key", streaming: Bool = true, acceptedKeys: Set<String>? = nil,
        echoTimeout: Duration = .seconds(3), clock: PolyAITestClock? = nil, flowName: String = "default",
        configure: (DemoContactCenter) async -> Void = { _ in }
    ) async throws -> PolyAIHarness {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(flowName: flowName, replyDelay: .milliseconds(20)))
        await server.setPolyAIAPIKeys(acceptedKeys)
        await configure(server)
        let now: @Sendable () -> Date
        if let clock { now = { clock.now } } else { now = { Date() } }
        let options = PolyAIOptions(
            apiKey: apiKey, hostId: "tests.helpline", environment: .custom(rest: server.polyAIRestURL, ws: server.polyAISocketURL),
            streaming: streaming)
        var configuration = SessionConfiguration(transport: .direct, now: now)
        configuration.core.reconnectPolicy = BackoffPolicy(
            base: .milliseconds(20), multiplier: 2, cap: .milliseconds(200), jitter: 0, maxAttempts: 50)
        configuration.core.echoTimeout = echoTimeout
        configuration.sendsTyping = false
        let session = ChatSession(wire: PolyAIWire(options: options, ids: .random()), configuration: configuration)
        let recorder = EventRecorder(session.events)
        await session.start()
        return PolyAIHarness(server: server, session: session, recorder: recorder)
    }

    /// The session's PolyAI wire as it stands.
    public func wire() async -> PolyAIWire? {
        await session.wire as? PolyAIWire
    }

    /// Waits for an item whose text contains `text` from someone other than us, not streaming.
    public func waitForReply(containing text: String, count: Int = 1) async -> Bool {
        await recorder.wait { recorder in
            await recorder.currentItems.filter {
                !$0.isOwn && !$0.isStreaming && $0.text.contains(text)
            }.count >= count
        }
    }

    /// The demo contact behind the session the client is in now.
    public func contactId() async -> String? {
        guard let sessionId = await wire()?.sessionId else { return nil }
        return await server.polyAIContactId(sessionId: sessionId)
    }

    /// How often the server saw `text` from the customer in the contact behind `contactId`.
    public func serverCount(of text: String, contactId: String) async -> Int {
        await server.transcript(contactId: contactId).filter { $0.type == "MESSAGE" && $0.content == text }.count
    }

    /// True once the connection state has been `open` more than `count` times.
    public func waitForOpen(after count: Int) async -> Bool {
        await recorder.wait { await $0.states.filter { $0 == .open }.count > count }
    }

    /// What the client saw (connection states and items) and what the server holds: printed when a wait fails.
    public func timeline() async -> String {
        let events = await recorder.events.compactMap { event -> String? in
            switch event {
            case .connection(let state): return "state \(state)"
            case .transcript(let update):
                guard let item = update.item else { return "transcript \(update.change)" }
                let marks = "[\(item.delivery.map { "\($0)" } ?? "-")\(item.isStreaming ? ", streaming" : "")]"
                return "\(update.change) \(item.sender.name): \(item.text.prefix(40)) \(marks)"
            default: return nil
            }
        }
        var server: [DemoTranscriptEntry] = []
        if let contactId = await contactId() { server = await self.server.transcript(contactId: contactId) }
        let held = server.map { "\($0.type) \($0.content?.prefix(40) ?? "")" }
        return "cursor \(await wire()?.cursor ?? -1)\nclient:\n" + events.joined(separator: "\n") + "\nserver:\n" + held.joined(separator: "\n")
    }

    /// Ends the session and stops the server.
    public func stop() async {
        await session.shutdown()
        await server.stop()
    }
}
