import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SessionCore

/// A plain `http://` request through an HTTP proxy, sent in absolute form
/// (`POST http://host:port/path HTTP/1.1`), the way a client talks to a forward proxy.
/// AsyncHTTPClient would tunnel it with CONNECT, which proxies commonly allow only to port 443.
/// One connection per request (`Connection: close`); the response body streams, at most a few
/// chunks ahead of its reader.
struct ProxyForwarder: Sendable {
    /// A proxy answered for itself instead of forwarding the request.
    struct Refusal: Error, CustomStringConvertible {
        /// What the refusal means (see ``NetworkErrorText/refusal(_:proxy:)``).
        let failure: TransportFailure

        /// The explanation.
        var description: String { failure.detail }
    }

    /// The proxy.
    let proxy: ProxyServer

    /// Sends `request` (its body `bodyLength` bytes long) and returns once the response head came.
    func execute(_ request: HTTPClientRequest, bodyLength: Int64?, timeout: Duration) async throws -> HTTPClientResponse {
        try await execute(head: requestHead(request, bodyLength: bodyLength), body: request.body, timeout: timeout)
    }

    /// What the proxy answers a `CONNECT host:port` (nil: no answer): asked again after a tunnel
    /// failed, to say why (AsyncHTTPClient and swift-websocket keep the status to themselves).
    func tunnelStatus(host: String, port: Int) async -> HTTPResponseStatus? {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = HTTPRequestHead(version: .http1_1, method: .CONNECT, uri: authority)
        head.headers.add(name: "Host", value: authority)
        if let authorization = proxy.basicAuthorization { head.headers.add(name: "Proxy-Authorization", value: authorization) }
        return try? await execute(head: head, body: nil, timeout: .seconds(10)).status
    }

    private func execute(head: HTTPRequestHead, body requestBody: HTTPClientRequest.Body?, timeout: Duration) async throws
        -> HTTPClientResponse
    {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: proxy.host, port: proxy.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        let (body, bodyIn) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let (reads, readsIn) = AsyncStream<Void>.makeStream()
        let (heads, headsIn) = AsyncThrowingStream<HTTPResponseHead, any Error>.makeStream()
        let exchange = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try await Self.exchange(
                            channel, head: head, body: requestBody, heads: headsIn, into: bodyIn, reads: reads)
                    }
                    group.addTask {
                        try await Task.sleep(for: timeout)
                        throw HTTPClientError.deadlineExceeded
                    }
                    try await group.next()
                    group.cancelAll()
                }
            } catch {
                headsIn.finish(throwing: error)
                bodyIn.finish(throwing: error)
            }
        }
        let handle = ExchangeHandle(task: exchange)
        do {
            for try await response in heads {
                return HTTPClientResponse(
                    version: response.version, status: response.status, headers: response.headers,
                    body: .stream(ForwardedBody(parts: body, reads: readsIn, handle: handle)))
            }
            throw CancellationError()
        } catch {
            exchange.cancel()
            throw error
        }
    }

    /// The absolute-form head: the whole URL as the target, `Host`, the proxy's credentials, framing.
    private func requestHead(_ request: HTTPClientRequest, bodyLength: Int64?) throws -> HTTPRequestHead {
        guard let url = URLComponents(string: request.url), url.scheme?.lowercased() == "http", let host = url.host else {
            throw HTTPClientError.invalidURL
        }
        var head = HTTPRequestHead(version: .http1_1, method: request.method, uri: request.url, headers: request.headers)
        if !head.headers.contains(name: "Host") { head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host) }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        if let authorization = proxy.basicAuthorization { head.headers.replaceOrAdd(name: "Proxy-Authorization", value: authorization) }
        if request.body != nil || [.POST, .PUT, .PATCH].contains(request.method) {
            head.headers.replaceOrAdd(name: "Content-Length", value: String(bodyLength ?? 0))
        }
        return head
    }

    /// How many body chunks may wait for the reader before the socket is read no further.
    static let chunksAhead = 4

    /// Writes the request, then hands on the response head and its body parts until the end,
    /// never more than ``chunksAhead`` chunks ahead of the reader (`reads` says when one was taken).
    private static func exchange(
        _ channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>, head: HTTPRequestHead,
        body: HTTPClientRequest.Body?, heads: AsyncThrowingStream<HTTPResponseHead, any Error>.Continuation,
        into output: AsyncThrowingStream<ByteBuffer, any Error>.Continuation, reads: AsyncStream<Void>
    ) async throws {
        var taken = reads.makeAsyncIterator()
        var waiting = 0
        try await channel.executeThenClose { inbound, outbound in
            // The answer is read while the request is written: a proxy that cannot reach the server
            // answers (and closes) before it has read the body.
            async let sent: Void = {
                try await outbound.write(.head(head))
                if let body {
                    for try await chunk in body { try await outbound.write(.body(.byteBuffer(chunk))) }
                }
                try await outbound.write(.end(nil))
            }()
            for try await part in inbound {
                switch part {
                case .head(let response):
                    guard response.status.code >= 200 else { continue }
                    heads.yield(response)
                    heads.finish()
                case .body(let bytes):
                    output.yield(bytes)
                    waiting += 1
                    while waiting > chunksAhead {
                        guard await taken.next() != nil else { throw CancellationError() }
                        waiting -= 1
                    }
                case .end:
                    output.finish()
                    return
                }
            }
            try await sent
            try Task.checkCancellation()
            throw HTTPClientError.remoteConnectionClosed
        }
    }
}

/// Cancels the exchange when the response (and its body) is no longer wanted.
private final class ExchangeHandle: Sendable {
    let task: Task<Void, Never>

    init(task: Task<Void, Never>) { self.task = task }

    deinit { task.cancel() }
}

/// The body of a forwarded response; reading it to the end or dropping it ends the exchange.
private struct ForwardedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let parts: AsyncThrowingStream<ByteBuffer, any Error>
    let reads: AsyncStream<Void>.Continuation
    let handle: ExchangeHandle

    func makeAsyncIterator() -> Iterator { Iterator(inner: parts.makeAsyncIterator(), reads: reads, handle: handle) }

    struct Iterator: AsyncIteratorProtocol {
        var inner: AsyncThrowingStream<ByteBuffer, any Error>.Iterator
        let reads: AsyncStream<Void>.Continuation
        let handle: ExchangeHandle

        mutating func next() async throws -> ByteBuffer? {
            let part = try await inner.next()
            if part != nil { reads.yield() }
            return part
        }
    }
}
