import NIOCore
import NIOHTTP1

/// How long an HTTP connection may take before the demo server gives up on it.
public struct DemoConnectionLimits: Sendable, Equatable {
    /// A keep-alive connection with no request in progress is closed after this long (a request that
    /// started but whose head is still incomplete — a slow-loris client — is answered 408 then closed).
    public var idleTimeout: Duration
    /// A request whose head arrived must be fully received (body included) within this long, or it is
    /// answered 408 and the connection closed.
    public var requestTimeout: Duration

    /// Creates limits; the defaults suit interactive use.
    public init(idleTimeout: Duration = .seconds(60), requestTimeout: Duration = .seconds(30)) {
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
    }
}

/// Counts bytes that arrive before the HTTP decoder, so ``ConnectionGuard`` can tell an idle keep-alive
/// connection from one that is sending a request head very slowly.
final class InboundByteTap: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Bytes received since the guard last reset the count.
    var bytesSinceReset = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        bytesSinceReset += unwrapInboundIn(data).readableBytes
        context.fireChannelRead(data)
    }
}

/// Protects the server from broken or hostile HTTP clients on one connection: times out idle and
/// half-sent requests (408), answers requests the parser rejects (control characters in a header,
/// malformed request lines…) with a 400 that says why, answers each request in its own HTTP version
/// and closes the connection after a response that carries `Connection: close` (added to the answer
/// of a request that did not ask to keep the connection, such as a plain HTTP/1.0 one). Also answers
/// `Expect: 100-continue` at once. Steps aside once the connection is upgraded to a WebSocket.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: DemoConnectionLimits
    private let tap: InboundByteTap
    private let log: RequestLog
    /// Method and path of the request being read, and when its head arrived (for the request log).
    private var current: (method: String, path: String, since: ContinuousClock.Instant)?
    private var timer: Scheduled<Void>?
    private var requestOpen = false
    private var pendingResponses = 0
    private var responding = false
    private var closeAfterResponse = false
    private var upgraded = false
    private var failed = false
    /// The version and keep-alive wish of each request not answered yet, oldest first.
    private var awaiting: [(version: HTTPVersion, keepAlive: Bool)] = []

    init(limits: DemoConnectionLimits, tap: InboundByteTap, log: RequestLog) {
        self.limits = limits
        self.tap = tap
        self.log = log
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armIdle(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelActive(context: ChannelHandlerContext) {
        armIdle(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            current = (head.method.rawValue, RequestLog.pathOnly(head.uri), .now)
            awaiting.append((head.version, head.isKeepAlive))
            requestOpen = true
            pendingResponses += 1
            tap.bytesSinceReset = 0
            arm(context, after: limits.requestTimeout) { [weak self] context in self?.requestTimedOut(context) }
            if head.headers[canonicalForm: "Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                // curl and botocore wait (a second, or for good) for this before they send a body.
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))),
                                      promise: nil)
            }
        case .body:
            break
        case .end:
            requestOpen = false
            tap.bytesSinceReset = 0
            timer?.cancel()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            responding = true
            if head.status == .switchingProtocols {
                upgraded = true
                timer?.cancel()
            }
            if let request = awaiting.first, head.status != .switchingProtocols {
                // The answer speaks the request's version; HTTP/1.0 closes unless asked to keep alive.
                head.version = request.version
                if !request.keepAlive {
                    head.headers.replaceOrAdd(name: "Connection", value: "close")
                } else if request.version == .http1_0 {
                    head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
                }
            }
            if head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                closeAfterResponse = true
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            responding = false
            pendingResponses = max(pendingResponses - 1, 0)
            if !awaiting.isEmpty { awaiting.removeFirst() }
            if closeAfterResponse {
                context.writeThenClose(data, promise: promise)
                return
            }
            context.write(data, promise: promise)
            if pendingResponses == 0, !requestOpen, !upgraded { armIdle(context) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // The decoder cannot go on after a parse error: answer (unless a response is already being
        // written) and close, so the client never waits for a reply that cannot come.
        failed = true
        timer?.cancel()
        if responding {
            context.close(promise: nil)
        } else {
            respondAndClose(context, status: .badRequest, message: "Bad request: \(Self.explain(parseError))")
        }
    }

    /// Answers with `status` and a short JSON message, then closes the connection (and logs it: the
    /// front door never saw this request).
    private func respondAndClose(_ context: ChannelHandlerContext, status: HTTPResponseStatus, message: String) {
        log.line(method: current?.method ?? "-", path: current?.path ?? "-", status: Int(status.code),
                 since: current?.since ?? .now, contactId: nil)
        let body = #"{"message":"\#(message)"}"#
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        headers.add(name: "Connection", value: "close")
        let version = awaiting.first?.version ?? .http1_1
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private func requestTimedOut(_ context: ChannelHandlerContext) {
        guard requestOpen, !responding, !upgraded else { return }
        failed = true
        respondAndClose(context, status: .requestTimeout, message: "Request timeout: the request was not completed in time")
    }

    private func idleTimedOut(_ context: ChannelHandlerContext) {
        guard !requestOpen, pendingResponses == 0, !upgraded else { return }
        if tap.bytesSinceReset > 0 {
            // Part of a request head arrived and the rest never did (slow loris).
            failed = true
            respondAndClose(context, status: .requestTimeout, message: "Request timeout: the request head was not completed in time")
        } else {
            context.close(promise: nil)
        }
    }

    private func armIdle(_ context: ChannelHandlerContext) {
        tap.bytesSinceReset = 0
        current = nil
        arm(context, after: limits.idleTimeout) { [weak self] context in self?.idleTimedOut(context) }
    }

    private func arm(_ context: ChannelHandlerContext, after duration: Duration,
                     _ action: @escaping (ChannelHandlerContext) -> Void) {
        timer?.cancel()
        let loop = context.eventLoop.assumeIsolated()
        timer = loop.scheduleTask(in: .nanoseconds(Int64(duration.wholeMilliseconds) * 1_000_000)) {
            action(context)
        }
    }

    /// A readable reason for a parser error.
    static func explain(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidHeaderToken: return "a header holds a character that is not allowed (control characters are not)"
        case .headerOverflow: return "the request head is too large"
        case .invalidURL: return "the request target is not a valid URL"
        case .invalidMethod: return "unknown method"
        case .invalidVersion: return "unsupported HTTP version"
        case .invalidContentLength, .unexpectedContentLength: return "invalid Content-Length"
        case .invalidChunkSize: return "invalid chunk size"
        case .invalidConstant, .lfExpected, .invalidCharactersUsed: return "malformed request line or header"
        default: return "the request could not be parsed"
        }
    }
}
