import Foundation
import Logging
import SessionCore
import Synchronization

@testable import Transport

/// Runs a socket in a test and says what it reported, in words.
enum SocketRun {
    /// An event in words: `opened`, a frame's text, `skipped N`, `closed …`.
    static func words(_ event: SocketEvent) -> String {
        switch event {
        case .opened: "opened"
        case .frame(let text): text
        case .skippedOversized(let bytes): "skipped \(bytes)"
        case .closed(let close): "closed \(close)"
        }
    }

    /// What a socket to `url` reports, in words, until the text frame `last` (then it is closed by
    /// us), or until it ends.
    static func events(from url: String, until last: String) async -> [String] {
        let (outbound, continuation) = AsyncStream<String>.makeStream()
        let events = Mutex<[String]>([])
        await WebSocketConnection.run(
            endpoint: SocketEndpoint(url: url), settings: .direct, outbound: outbound,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) { event in
            events.withLock { $0.append(words(event)) }
            if case .frame(last) = event { continuation.finish() }
        }
        return events.withLock { $0 }
    }
}
