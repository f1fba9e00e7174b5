import Foundation
import Logging
import Synchronization
import NIOSSL
import Testing
import WSClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import DemoServer

/// A response as the tests see it.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// A header value, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Waits (up to 10 s) until the contact's stored items satisfy `condition`.
func waitFor(_ server: DemoContactCenter, _ contactId: String, _ condition: @Sendable ([DemoTranscriptEntry]) -> Bool)
    async -> Bool
{
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
        if condition(await server.transcript(contactId: contactId)) { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return false
}

/// A started chat with a live connection.
struct TestChat: Sendable {
    var contactId: String
    var participantId: String
    var participantToken: String
    var connectionToken: String
    var socketURL: String
}

/// Plain-HTTP helpers against a running demo server.
struct DemoClient: Sendable {
    let server: DemoContactCenter

    static func serverConfig(_ tweak: (inout DemoServerConfiguration) -> Void = { _ in }) -> DemoServerConfiguration {
        var configuration = DemoServerConfiguration(replyDelay: .milliseconds(20))
        tweak(&configuration)
        return configuration
    }

    /// Sends a request with a raw body.
    func request(_ path: String, method: String = "POST", body: String?, bearer: String? = nil) async throws
        -> HTTPReply
    {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue(bearer, forHTTPHeaderField: "X-Amz-Bearer") }
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return HTTPReply(status: http.statusCode, headers: headers, body: data)
    }

    /// Sends a JSON object.
    func post(_ path: String, _ object: [String: Any], bearer: String? = nil) async throws -> HTTPReply {
        let data = try JSONSerialization.data(withJSONObject: object)
        return try await request(path, body: String(decoding: data, as: UTF8.self), bearer: bearer)
    }

    /// POST /Prod and CreateParticipantConnection.
    func startChat(name: String = "Maria Lopez", types: [String]? = ["text/plain", "text/markdown"]) async throws
        -> TestChat
    {
        var body: [String: Any] = ["ParticipantDetails": ["DisplayName": name]]
        if let types { body["SupportedMessagingContentTypes"] = types }
        let started = try await post("/Prod", body)
        try #require(started.status == 200, "start chat: \(started.text)")
        let result = try #require((started.json["data"] as? [String: Any])?["startChatResult"] as? [String: Any])
        let token = try #require(result["ParticipantToken"] as? String)
        let connection = try await post(
            "/participant/connection", ["Type": ["WEBSOCKET", "CONNECTION_CREDENTIALS"]], bearer: token)
        try #require(connection.status == 200, "connection: \(connection.text)")
        let credentials = try #require(connection.json["ConnectionCredentials"] as? [String: Any])
        let socket = try #require(connection.json["Websocket"] as? [String: Any])
        return TestChat(
            contactId: try #require(result["ContactId"] as? String),
            participantId: try #require(result["ParticipantId"] as? String),
            participantToken: token,
            connectionToken: try #require(credentials["ConnectionToken"] as? String),
            socketURL: try #require(socket["Url"] as? String))
    }

    /// SendMessage with an optional ClientToken.
    func send(_ chat: TestChat, _ text: String, type: String = "text/plain", clientToken: String? = nil) async throws
        -> HTTPReply
    {
        var body: [String: Any] = ["ContentType": type, "Content": text]
        if let clientToken { body["ClientToken"] = clientToken }
        return try await post("/participant/message", body, bearer: chat.connectionToken)
    }

    /// GetTranscript with the given arguments.
    func transcript(_ chat: TestChat, _ arguments: [String: Any]) async throws -> HTTPReply {
        try await post("/participant/transcript", arguments, bearer: chat.connectionToken)
    }
}

/// Collects frames of a test WebSocket; waits by polling with a deadline.
actor FrameInbox {
    private(set) var frames: [String] = []
    private(set) var closed = false

    func append(_ frame: String) { frames.append(frame) }

    /// Forgets the frames received so far.
    func clear() { frames = [] }
    func markClosed() { closed = true }

    /// The first frame (in arrival order) matching `predicate`, waiting up to `timeout`.
    func first(timeout: Duration = .seconds(20), where predicate: @Sendable (String) -> Bool) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let hit = frames.first(where: predicate) { return hit }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return frames.first(where: predicate)
    }

    /// Waits until the socket is closed, up to `timeout`.
    func waitClosed(timeout: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !closed, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return closed
    }
}

/// A WebSocket client connection used by tests.
final class TestSocket: Sendable {
    let inbox = FrameInbox()
    private let outbound: WebSocketOutboundWriter
    let task: Task<WebSocketCloseFrame?, any Error>

    private init(outbound: WebSocketOutboundWriter, task: Task<WebSocketCloseFrame?, any Error>) {
        self.outbound = outbound
        self.task = task
    }

    /// Opens `url` (over TLS with `tls`, naming `localhost` for SNI); throws if the upgrade is refused.
    static func open(_ url: String, tls: TLSConfiguration? = nil) async throws -> TestSocket {
        let (writers, writerContinuation) = AsyncStream.makeStream(of: WebSocketOutboundWriter.self)
        let (inboxes, inboxContinuation) = AsyncStream.makeStream(of: FrameInbox.self)
        let task = Task {
            defer { writerContinuation.finish() }
            let configuration = tls == nil ? WebSocketClientConfiguration() : WebSocketClientConfiguration(sniHostname: "localhost")
            return try await WebSocketClient.connect(
                url: url, configuration: configuration, tlsConfiguration: tls, logger: Logger(label: "test-ws")
            ) {
                inbound, outbound, _ in
                var inboxIterator = inboxes.makeAsyncIterator()
                writerContinuation.yield(outbound)
                guard let inbox = await inboxIterator.next() else { return }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message { await inbox.append(text) }
                }
                await inbox.markClosed()
            }
        }
        for await writer in writers {
            let socket = TestSocket(outbound: writer, task: task)
            inboxContinuation.yield(socket.inbox)
            return socket
        }
        _ = try await task.value
        throw SocketRefused()
    }

    /// Sends a text frame.
    func send(_ text: String) async throws { try await outbound.write(.text(text)) }

    /// Sends the standard subscribe frame and waits for its answer.
    func subscribe() async throws {
        try await send(#"{"topic":"aws/subscribe","content":{"topics":["aws/chat"]}}"#)
        _ = await inbox.first { $0.contains(#""status":"success""#) }
    }

    /// Closes with 1000.
    func close() async {
        try? await outbound.close(.normalClosure, reason: nil)
        _ = try? await task.value
    }

    /// Inner items of the `aws/chat` frames received so far.
    func chatItems() async -> [[String: Any]] {
        await inbox.frames.compactMap(Self.chatItem)
    }

    /// Decodes the inner item of an `aws/chat` frame.
    static func chatItem(_ frame: String) -> [String: Any]? {
        guard let outer = try? JSONSerialization.jsonObject(with: Data(frame.utf8)) as? [String: Any],
            outer["topic"] as? String == "aws/chat", let content = outer["content"] as? String
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any]
    }
}

/// The socket closed before the handler ran (upgrade refused).
struct SocketRefused: Error {}

/// Runs `body` with a started server and always stops it.
func withDemoServer(
    _ configuration: DemoServerConfiguration = DemoClient.serverConfig(),
    _ body: (DemoContactCenter, DemoClient) async throws -> Void
) async throws {
    let server = try await DemoContactCenter.start(configuration)
    do {
        try await body(server, DemoClient(server: server))
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// Lets a test step through timed waits: every `sleep` suspends until the test releases a
/// sleeper of that duration, so timed behaviour is tested without wall-clock assumptions. A sleeper
/// whose task is cancelled leaves at once (under the lock, in the cancel handler itself): a timer the
/// server re-armed is never released in place of the live one.
final class SteppedSleeper: Sendable {
    private struct Sleeper {
        var id: UUID
        var duration: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var sleepers: [Sleeper] = []
        var cancelled: Set<UUID> = []
    }

    private let state = Mutex(State())

    /// Suspends until released (or cancelled).
    func sleep(_ duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledFirst = state.withLock { state -> Bool in
                    if state.cancelled.remove(id) != nil { return true }
                    state.sleepers.append(Sleeper(id: id, duration: duration, continuation: continuation))
                    return false
                }
                if cancelledFirst { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let gone = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index).continuation
                }
                state.cancelled.insert(id)
                return nil
            }
            gone?.resume(throwing: CancellationError())
        }
    }

    /// Resumes one sleeper waiting for `duration`; false if none appears within 5 s.
    func release(_ duration: Duration) async -> Bool {
        guard await waitForSleeper(duration) else { return false }
        let sleeper = state.withLock { state -> Sleeper? in
            guard let index = state.sleepers.firstIndex(where: { $0.duration == duration }) else { return nil }
            return state.sleepers.remove(at: index)
        }
        sleeper?.continuation.resume()
        return sleeper != nil
    }

    /// Resumes the longest-waiting sleeper of any duration (waiting up to 5 s for one); returns its duration.
    func releaseNext() async -> Duration? {
        guard await waitForCount(1) else { return nil }
        let sleeper = state.withLock { state in state.sleepers.isEmpty ? nil : state.sleepers.removeFirst() }
        sleeper?.continuation.resume()
        return sleeper?.duration
    }

    /// Resumes the sleeper that started last; returns its duration.
    func releaseNewest() async -> Duration? {
        guard await waitForCount(1) else { return nil }
        let sleeper = state.withLock { state in state.sleepers.popLast() }
        sleeper?.continuation.resume()
        return sleeper?.duration
    }

    /// Waits (up to 5 s) until at least `count` sleepers wait.
    func waitForCount(_ count: Int) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if waiting >= count { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return waiting >= count
    }

    /// Waits (up to 30 s) until something sleeps for `duration`.
    func waitForSleeper(_ duration: Duration) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if sleeps(for: duration) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return sleeps(for: duration)
    }

    /// How many sleepers wait now.
    var waiting: Int { state.withLock { $0.sleepers.count } }

    private func sleeps(for duration: Duration) -> Bool {
        state.withLock { $0.sleepers.contains { $0.duration == duration } }
    }
}
