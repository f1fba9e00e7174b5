import Foundation
import SessionCore
import Synchronization

/// Writes every HTTP exchange and socket frame as one JSON line (`--trace FILE`, mode 0600),
/// with credentials redacted by ``TraceRedactor``.
public final class TraceRecorder: Sendable {
    private let handle: Mutex<FileHandle>

    /// Opens (creates with mode 0600, or appends to) the trace file.
    public init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw BackendError.network("cannot create the trace file \(path)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw BackendError.network("cannot write the trace file \(path)")
        }
        handle.seekToEndOfFile()
        self.handle = Mutex(handle)
    }

    /// Records one HTTP exchange (`status` nil when it failed with `error`).
    public func http(
        method: String, url: String, requestHeaders: [(String, String)], requestBody: Data?,
        status: Int?, responseBody: Data?, error: String?, duration: Duration
    ) {
        var entry: [String: Any] = [
            "kind": "http", "method": method, "url": TraceRedactor.url(url),
            "requestHeaders": TraceRedactor.headers(requestHeaders),
            "ms": Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000),
        ]
        if let requestBody, !requestBody.isEmpty { entry["requestBody"] = TraceRedactor.body(requestBody) }
        if let status { entry["status"] = status }
        if let responseBody, !responseBody.isEmpty { entry["responseBody"] = TraceRedactor.body(responseBody) }
        if let error { entry["error"] = TraceRedactor.scrub(error) }
        write(entry)
    }

    /// Records a socket event: `open`, `in`, `out` or `close`.
    public func socket(_ direction: String, url: String? = nil, frame: String? = nil, detail: String? = nil) {
        var entry: [String: Any] = ["kind": "ws-\(direction)"]
        if let url { entry["url"] = TraceRedactor.url(url) }
        if let frame { entry["frame"] = TraceRedactor.frame(frame) }
        if let detail { entry["detail"] = TraceRedactor.scrub(detail) }
        write(entry)
    }

    private func write(_ fields: [String: Any]) {
        var entry = fields
        entry["time"] = Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        guard let data = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return
        }
        handle.withLock { $0.write(data + Data("\n".utf8)) }
    }
}

/// Process-wide transport settings the CLI sets once at start-up (`--header`, `--trace`).
public struct TransportDefaults: Sendable {
    /// Headers added to every HTTP request and socket upgrade.
    public var extraHeaders: [(String, String)] = []
    /// Where exchanges and frames are traced, if anywhere.
    public var trace: TraceRecorder?
    /// TLS settings (read once, when the first connection is made).
    public var tls: TransportTLS

    /// Creates empty defaults.
    public init(extraHeaders: [(String, String)] = [], trace: TraceRecorder? = nil, tls: TransportTLS = TransportTLS()) {
        self.extraHeaders = extraHeaders
        self.trace = trace
        self.tls = tls
    }

    private static let storage = Mutex(TransportDefaults())

    /// The current process-wide settings.
    public static var current: TransportDefaults {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
