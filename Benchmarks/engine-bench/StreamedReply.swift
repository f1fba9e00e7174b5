import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import PolyAI
import Transport

/// One long streamed reply over loopback, for each protocol: from the customer's "go" to the whole
/// message shown, with the demo server in this process streaming it as fast as it can.
enum StreamedReply {
    /// Times a reply of `chunks` chunks (three words each) over Amazon Connect (Lex-style chunks on
    /// `aws/chat`) and over PolyAI (`POLY_AGENT_MESSAGE_CHUNK`).
    static func run(chunks: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try flow(chunks: chunks).write(to: folder.appendingPathComponent("stream.json"))
        var configuration = DemoServerConfiguration(flowName: "stream", replyDelay: .zero)
        configuration.flowsDirectory = folder
        for polyAI in [false, true] {
            let server = try await DemoContactCenter.start(configuration)
            let session = polyAI ? polyAISession(server) : connectSession(server)
            let watch = ReplyWatch(session.events)
            await session.start()
            guard await watch.wait(timeout: .seconds(30), { $0.connected }) else {
                print("streamed reply: \(polyAI ? "PolyAI" : "Connect") did not connect")
                await session.shutdown()
                await server.stop()
                continue
            }
            let cpu = EngineBench.processCPUSeconds()
            let start = ContinuousClock.now
            await session.send("go")
            let whole = await watch.wait(timeout: .seconds(600)) { $0.wholeLength != nil }
            let seconds = (ContinuousClock.now - start).seconds
            let used = EngineBench.processCPUSeconds() - cpu
            let length = await watch.wholeLength ?? 0
            let opened = await watch.opened
            print(String(format: "streamed reply, %@: %d chunks (%d characters) whole after %.2f s, process CPU %.2f s, socket opened %d time(s)%@",
                         polyAI ? "PolyAI" : "Connect", chunks, length, seconds, used, opened, whole ? "" : " — NOT WHOLE"))
            await session.shutdown()
            await server.stop()
        }
    }

    static func connectSession(_ server: DemoContactCenter) -> ChatSession {
        let wire = ConnectWire(
            start: .template(url: server.startChatURL.absoluteString, displayName: "Bench", instanceId: nil, contactFlowId: nil),
            endpoint: server.baseURL.absoluteString, ids: .random())
        return ChatSession(wire: wire, configuration: SessionConfiguration(transport: HTTPTransport(settings: .direct)))
    }

    static func polyAISession(_ server: DemoContactCenter) -> ChatSession {
        let options = PolyAIOptions(
            apiKey: "bench-key", hostId: "bench.helpline", environment: .custom(rest: server.polyAIRestURL, ws: server.polyAISocketURL),
            streaming: true)
        var configuration = SessionConfiguration(transport: HTTPTransport(settings: .direct))
        configuration.sendsTyping = false
        return ChatSession(wire: PolyAIWire(options: options, ids: .random()), configuration: configuration)
    }

    /// A flow whose bot streams the reply when the customer says "go"; the reply ends with " end".
    static func flow(chunks: Int) throws -> Data {
        let text = (0..<chunks).map { "w\($0)a w\($0)b w\($0)c" }.joined(separator: " ") + " end"
        let flow: [String: Any] = [
            "name": "stream", "description": "one long streamed reply",
            "participants": ["lex": ["role": "SYSTEM", "displayName": "BOT"]],
            "initialState": "bot", "onStart": [["join": "lex"]],
            "states": ["bot": ["responder": "lex", "rules": [
                ["keywords": ["go"], "steps": [["stream": text, "as": "lex", "chunkWords": 3]]],
            ]]],
        ]
        return try JSONSerialization.data(withJSONObject: flow)
    }
}

/// Follows a session's events: whether it is open, how often it opened, and the streamed reply once whole.
actor ReplyWatch {
    private(set) var connected = false
    private(set) var opened = 0
    private(set) var wholeLength: Int?

    init(_ events: ChatEventStream) {
        Task { for await event in events { await self.take(event) } }
    }

    private func take(_ event: ChatEvent) {
        switch event {
        case .connection(let state):
            if state == .open {
                connected = true
                opened += 1
            }
        case .transcript(let update):
            if let item = update.item, !item.isStreaming, item.text.hasSuffix(" end") { wholeLength = item.text.count }
        default:
            break
        }
    }

    /// Waits until `condition` holds; false when `timeout` passes first.
    func wait(timeout: Duration, _ condition: @Sendable (isolated ReplyWatch) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(self)
    }
}
