import Foundation
import Synchronization
import Testing
import WSClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import DemoServer

/// Raw-protocol checks of the demo's PolyAI half against the spec (§2, §3, §5, §15).
@Suite("Demo server: PolyAI protocol")
struct PolyAIProtocolTests {
    struct Reply {
        var status: Int
        var json: [String: Any]
    }

    static func post(_ server: DemoContactCenter, _ path: String, headers: [String: String], body: String) async throws
        -> Reply
    {
        let url = try #require(URL(string: server.polyAIRestURL + path))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return Reply(status: status, json: (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    /// A token and a session id.
    static func bootstrap(_ server: DemoContactCenter, streaming: Bool = false) async throws -> (String, String) {
        let token = try await post(server, "/access-token", headers: ["X-Token": "key", "X-Host": "tests"], body: "{}")
        let jwt = try #require(token.json["access_token"] as? String)
        #expect(jwt.split(separator: ".").count == 3)
        #expect(token.json["token_type"] as? String == "Bearer")
        let session = try await post(
            server, "/sessions", headers: ["Authorization": "Bearer \(jwt)"],
            body: #"{"streaming_enabled":\#(streaming),"platform":"custom"}"#)
        return (jwt, try #require(session.json["session_id"] as? String))
    }

    static func events(_ frame: String) -> [[String: Any]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(frame.utf8)) as? [String: Any] else { return [] }
        if object["type"] as? String == "EVENT_TYPE_EVENT_BATCH" {
            return (object["payload"] as? [String: Any])?["events"] as? [[String: Any]] ?? []
        }
        return [object]
    }

    static func socketURL(_ server: DemoContactCenter, _ token: String, _ session: String, cursor: Int? = nil) -> String {
        server.polyAISocketURL + "?access_token=\(token)&session_id=\(session)" + (cursor.map { "&cursor=\($0)" } ?? "")
    }

    @Test("access-token needs X-Token and X-Host; sessions need the bearer token")
    func restAuth() async throws {
        try await withDemoServer { server, _ in
            let missing = try await Self.post(server, "/access-token", headers: ["X-Token": "key"], body: "{}")
            #expect(missing.status == 401)
            #expect(missing.json["message"] as? String == "Missing authentication headers")
            let noBearer = try await Self.post(server, "/sessions", headers: [:], body: "{}")
            #expect(noBearer.status == 401)
            await server.setPolyAIAPIKeys(["right"])
            let wrong = try await Self.post(server, "/access-token", headers: ["X-Token": "wrong", "X-Host": "h"], body: "{}")
            #expect(wrong.status == 401)
            #expect(await server.polyAIRequestCount("access-token") == 2)
        }
    }

    @Test("a foreign token or unknown session is refused at the upgrade")
    func upgradeRefused() async throws {
        try await withDemoServer { server, _ in
            let (token, session) = try await Self.bootstrap(server)
            await #expect(throws: (any Error).self) { _ = try await TestSocket.open(Self.socketURL(server, "x.y.z", session)) }
            await #expect(throws: (any Error).self) { _ = try await TestSocket.open(Self.socketURL(server, token, "nope")) }
        }
    }

    @Test("open → SESSION_START batch; join → echo, joined, thinking, greeting; sequences from 1; cursor replay")
    func conversationAndReplay() async throws {
        try await withDemoServer { server, _ in
            let (token, session) = try await Self.bootstrap(server)
            let socket = try await TestSocket.open(Self.socketURL(server, token, session))
            let first = try #require(await socket.inbox.first { $0.contains("EVENT_BATCH") })
            let start = try #require(Self.events(first).first)
            #expect(start["type"] as? String == "EVENT_TYPE_SESSION_START")
            #expect(start["sequence"] as? Int == 1)
            #expect(((start["payload"] as? [String: Any])?["capabilities"] as? [String: Any])?["streaming"] as? Bool == false)
            try await socket.send(#"{"type":"EVENT_TYPE_REQUEST_POLY_AGENT_JOIN","payload":{}}"#)
            #expect(await socket.inbox.first { $0.contains("EVENT_TYPE_POLY_AGENT_JOINED") } != nil)
            #expect(await socket.inbox.first { $0.contains("EVENT_TYPE_POLY_AGENT_THINKING") && $0.contains(#""sequence":null"#) } != nil)
            #expect(await socket.inbox.first { $0.contains("EVENT_TYPE_POLY_AGENT_MESSAGE") && $0.contains("Welcome") } != nil)
            try await socket.send(
                #"{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"hours"},"metadata":{"custom":{"local_id":"L-1"}}}"#)
            let echo = try #require(await socket.inbox.first { $0.contains(#""type":"EVENT_TYPE_USER_MESSAGE""#) })
            let echoEvent = try #require(Self.events(echo).first)
            #expect(((echoEvent["payload"] as? [String: Any])?["message_id"] as? String)?.isEmpty == false)
            #expect(echo.contains(#""local_id":"L-1""#))
            try await socket.send(#"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#)
            #expect(await socket.inbox.first { $0.contains("EVENT_TYPE_HEARTBEAT") } != nil)
            try await socket.send(#"{"type":"EVENT_TYPE_POLY_AGENT_MESSAGE","payload":{}}"#)
            #expect(await socket.inbox.first { $0.contains("SYSTEM_MESSAGE_LEVEL_ERROR") } != nil)
            await socket.close()

            let replaying = try await TestSocket.open(Self.socketURL(server, token, session, cursor: 2))
            let batch = try #require(await replaying.inbox.first { $0.contains("EVENT_BATCH") })
            let sequences = Self.events(batch).compactMap { $0["sequence"] as? Int }
            #expect(sequences.first == 1)
            #expect(sequences.dropFirst().allSatisfy { $0 > 2 })
            #expect(sequences.dropFirst().count >= 3)
            try await replaying.send(#"{"type":"EVENT_TYPE_USER_END_SESSION","payload":{}}"#)
            #expect(await replaying.inbox.first { $0.contains("REASON_USER_END") } != nil)
            #expect(await replaying.inbox.waitClosed())
        }
    }

    @Test("with streaming_enabled the greeting arrives as 1-based chunks ending with is_complete, SDK-style: no whitespace at their edges, joined with one space")
    func chunks() async throws {
        try await withDemoServer { server, _ in
            let (token, session) = try await Self.bootstrap(server, streaming: true)
            let socket = try await TestSocket.open(Self.socketURL(server, token, session))
            try await socket.send(#"{"type":"EVENT_TYPE_REQUEST_POLY_AGENT_JOIN","payload":{}}"#)
            #expect(await socket.inbox.first { $0.contains(#""is_complete":true"#) } != nil)
            let chunks = await socket.inbox.frames.flatMap(Self.events).filter {
                $0["type"] as? String == "EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK"
            }
            let indexes = chunks.compactMap { ($0["payload"] as? [String: Any])?["chunk_index"] as? Int }
            #expect(indexes == Array(1...indexes.count))
            let texts = chunks.compactMap { ($0["payload"] as? [String: Any])?["text"] as? String }.filter { !$0.isEmpty }
            #expect(texts.count > 2)
            #expect(texts.allSatisfy { $0.first?.isWhitespace == false && $0.last?.isWhitespace == false }, "\(texts)")
            // The official SDK joins non-empty chunk texts with one space (spec §7.2): no double spaces.
            let text = texts.joined(separator: " ")
            #expect(text.hasPrefix("Hi Customer! Welcome to the Helpline demo. I'm a scripted bot."), "\(text)")
            #expect(!text.contains("  "))
        }
    }
}

/// The demo's PolyAI socket limits and faults, stepped through with injected timers.
@Suite("Demo server: PolyAI idle close and injected close codes")
struct PolyAISocketFaultTests {
    /// A wall clock the test moves by hand.
    final class Clock: Sendable {
        private let current = Mutex(Date())
        var now: Date { current.withLock { $0 } }
        func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    @Test("a socket that sends nothing for ten minutes is closed (1001); a heartbeat starts the ten minutes again")
    func idleClose() async throws {
        let sleeper = SteppedSleeper()
        let clock = Clock()
        let config = DemoClient.serverConfig {
            $0.timerSleep = { try await sleeper.sleep($0) }
            $0.now = { clock.now }
        }
        try await withDemoServer(config) { server, _ in
            let (token, session) = try await PolyAIProtocolTests.bootstrap(server)
            let socket = try await TestSocket.open(PolyAIProtocolTests.socketURL(server, token, session))
            #expect(await socket.inbox.first { $0.contains("EVENT_BATCH") } != nil)
            #expect(await sleeper.waitForSleeper(.seconds(600)), "the server waits ten minutes for a frame")
            clock.advance(by: 300)
            try await socket.send(#"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#)
            #expect(await socket.inbox.first { $0.contains("EVENT_TYPE_HEARTBEAT") } != nil)
            #expect(await sleeper.release(.seconds(600)))
            #expect(await sleeper.waitForSleeper(.seconds(600)), "the heartbeat at minute 5 moved the limit to minute 15")
            #expect(await !socket.inbox.closed)
            clock.advance(by: 600)
            #expect(await sleeper.release(.seconds(600)))
            let close = try await socket.task.value
            #expect(close?.closeCode == .goingAway)
            #expect(close?.reason == "Idle timeout")
        }
    }

    @Test("drop-every with polyai-close=4001 closes PolyAI sockets with that code")
    func injectedCloseCode() async throws {
        let sleeper = SteppedSleeper()
        let config = DemoClient.serverConfig {
            $0.faults = DemoFaults(dropEvery: .seconds(7), polyAICloseCode: 4001)
            $0.faultSleep = { try await sleeper.sleep($0) }
        }
        try await withDemoServer(config) { server, _ in
            let (token, session) = try await PolyAIProtocolTests.bootstrap(server)
            let socket = try await TestSocket.open(PolyAIProtocolTests.socketURL(server, token, session))
            #expect(await socket.inbox.first { $0.contains("EVENT_BATCH") } != nil)
            #expect(await sleeper.release(.seconds(7)))
            let close = try await socket.task.value
            #expect(close.map { String(describing: $0.closeCode) } == "unknown(4001)")
        }
    }
}
