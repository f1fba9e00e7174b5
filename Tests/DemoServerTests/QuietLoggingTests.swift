import Foundation
import Logging
import Testing

@testable import DemoServer

/// Collects log records in memory.
final class LogStore: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [(Logger.Level, String)] = []

    func append(_ level: Logger.Level, _ message: String) {
        lock.lock()
        records.append((level, message))
        lock.unlock()
    }

    var all: [(Logger.Level, String)] {
        lock.lock()
        defer { lock.unlock() }
        return records
    }
}

/// A log handler writing into a `LogStore`.
struct StoreLogHandler: LogHandler {
    let store: LogStore
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.append(event.level, "\(event.message) \(event.metadata ?? [:])")
    }
}

@Suite struct QuietLoggingTests {
    @Test func aFullChatAndStopLogNothingAtErrorLevelAndNoTokens() async throws {
        let store = LogStore()
        let logger = Logger(label: "test.demo") { _ in StoreLogHandler(store: store) }
        let config = DemoClient.serverConfig { $0.logger = logger }
        var tokens: [String] = []
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            tokens = [chat.participantToken, chat.connectionToken]
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "hours")
            _ = await socket.inbox.first { $0.contains("| Day |") }
            let other = try await client.startChat()
            let open = try await TestSocket.open(other.socketURL)
            try await open.subscribe()
            await server.dropAllSockets(abruptly: true)
            _ = try await client.post("/participant/disconnect", [:], bearer: chat.connectionToken)
        }
        let records = store.all
        #expect(records.contains { $0.1.contains("chat started") })
        #expect(!records.contains { $0.0 >= .error }, "\(records.filter { $0.0 >= .error })")
        for token in tokens {
            #expect(!records.contains { $0.1.contains(token) }, "a token was logged")
        }
    }
}
