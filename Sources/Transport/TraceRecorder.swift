import Foundation
import SessionCore

/// Writes every HTTP exchange and socket frame as one JSON line (`--trace FILE`, mode 0600),
/// with credentials redacted by ``TraceRedactor``.
public final class TraceRecorder: Sendable {
    private let file: AppendOnlyFile

    /// Opens (creates with mode 0600, tightens to 0600, or appends to) the trace file; a pipe or FIFO
    /// works too. A write that fails later (a full disk) is told once through `problem`, and tracing stops.
    public init(path: String, problem: @escaping @Sendable (String) -> Void = { _ in }) throws {
        file = try AppendOnlyFile(path: path, synchronous: true, problem: problem)
    }

    /// Records one HTTP exchange (`status` nil when it failed with `error`).
    public func http(
        method: String, url: String, requestHeaders: [(String, String)], requestBody: Data?,
        status: Int?, responseBody: Data?, error: String?, duration: Duration
    ) {
        var entry: [String: JSONValue] = [
            "kind": "http", "method": .string(method), "url": .string(TraceRedactor.url(url)),
            "requestHeaders": .array(TraceRedactor.headers(requestHeaders).map { .array($0.map { .string($0) }) }),
            "ms": .integer(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000),
        ]
        if let requestBody, !requestBody.isEmpty { entry["requestBody"] = TraceRedactor.body(requestBody) }
        if let status { entry["status"] = .integer(Int64(status)) }
        if let responseBody, !responseBody.isEmpty { entry["responseBody"] = TraceRedactor.body(responseBody) }
        if let error { entry["error"] = .string(TraceRedactor.scrub(error)) }
        write(entry)
    }

    /// Records a socket event: `open`, `in`, `out` or `close`.
    public func socket(_ direction: String, url: String? = nil, frame: String? = nil, detail: String? = nil) {
        var entry: [String: JSONValue] = ["kind": .string("ws-\(direction)")]
        if let url { entry["url"] = .string(TraceRedactor.url(url)) }
        if let frame { entry["frame"] = TraceRedactor.frame(frame) }
        if let detail { entry["detail"] = .string(TraceRedactor.scrub(detail)) }
        write(entry)
    }

    private func write(_ fields: [String: JSONValue]) {
        var entry = fields
        entry["time"] = .string(Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        file.append(Data((JSONValue.object(entry).text + "\n").utf8))
    }
}
