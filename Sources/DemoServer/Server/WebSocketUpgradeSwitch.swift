import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// What the socket routes decide about one upgrade request.
enum UpgradeDecision: Sendable {
    /// Answer with this status (403 for an unknown or expired URL) and close the connection.
    case refuse(status: Int, contactId: String?)
    /// Switch to WebSocket and run `session` with the socket until it returns.
    case accept(maxMessageSize: Int, contactId: String, session: @Sendable (ServerWebSocket) async -> Void)
}

/// Turns a WebSocket upgrade request into a WebSocket on **any** request of a connection, not only the
/// first: a client that reuses a keep-alive connection which already served REST calls (Node's pooled
/// agent, a PolyAI client on one host) gets its `101` like everybody else. NIO's own upgrade handler
/// only looks at the first request, which is why hummingbird-websocket answered such clients `307`.
///
/// Sits between the HTTP/1 codec and the HTTPTypes codec. Requests that are not upgrades pass through
/// to Hummingbird untouched. An upgrade waits until earlier responses are written, asks `decide`, then
/// writes `101` and swaps the HTTP handlers for WebSocket frame handlers in front of itself.
final class WebSocketUpgradeSwitch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The handlers the upgrade removes (all before this one in the pipeline).
    struct HTTPHandlers {
        var decoder: any RemovableChannelHandler
        var encoder: any RemovableChannelHandler
        var others: [any RemovableChannelHandler]
    }

    private let handlers: HTTPHandlers
    private let decide: @Sendable (String) async -> UpgradeDecision
    private let sessions: AsyncStream<@Sendable () async -> Void>.Continuation
    private let log: RequestLog
    private var pendingResponses = 0
    private var upgradeHead: HTTPRequestHead?
    private var deciding = false
    private var closeAfterResponse = false

    init(handlers: HTTPHandlers, decide: @escaping @Sendable (String) async -> UpgradeDecision,
         sessions: AsyncStream<@Sendable () async -> Void>.Continuation, log: RequestLog)
    {
        self.handlers = handlers
        self.decide = decide
        self.sessions = sessions
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard upgradeHead == nil else { return }  // the rest of an upgrade request is not Hummingbird's
        let part = unwrapInboundIn(data)
        if case .head(let head) = part {
            if Self.isUpgradeRequest(head) {
                if Self.isWebSocketUpgrade(head) {
                    upgradeHead = head
                    if pendingResponses == 0 { startDecision(context) }
                    return
                }
                // Another protocol (h2c…): the decoder stops after this request, so answer it and close.
                closeAfterResponse = true
            }
            pendingResponses += 1
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        pendingResponses = max(pendingResponses - 1, 0)
        if closeAfterResponse, pendingResponses == 0 {
            context.writeThenClose(data, promise: promise)
            return
        }
        context.write(data, promise: promise)
        if pendingResponses == 0, upgradeHead != nil { startDecision(context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        sessions.finish()
        context.fireChannelInactive()
    }

    private func startDecision(_ context: ChannelHandlerContext) {
        guard !deciding, let head = upgradeHead else { return }
        deciding = true
        let started = ContinuousClock.now
        let decide = self.decide
        let target = head.uri
        let promise = context.eventLoop.makePromise(of: UpgradeDecision.self)
        promise.completeWithTask { await decide(target) }
        promise.futureResult.assumeIsolated().whenSuccess { decision in
            guard context.channel.isActive else { return }
            let path = RequestLog.pathOnly(target)
            switch decision {
            case .refuse(let status, let contactId):
                self.log.line(method: "GET", path: path, status: status, since: started, contactId: contactId)
                self.refuse(context, status: status)
            case .accept(let maxMessageSize, let contactId, let session):
                guard let key = head.headers.first(name: "Sec-WebSocket-Key") else {
                    return self.refuse(context, status: 400)
                }
                self.log.line(method: "GET", path: path, status: 101, since: started, contactId: contactId)
                self.accept(context, key: key, maxMessageSize: maxMessageSize, session: session)
            }
        }
    }

    private func refuse(_ context: ChannelHandlerContext, status: Int) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Length", value: "0")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private func accept(
        _ context: ChannelHandlerContext, key: String, maxMessageSize: Int,
        session: @escaping @Sendable (ServerWebSocket) async -> Void
    ) {
        var headers = HTTPHeaders()
        headers.add(name: "Upgrade", value: "websocket")
        headers.add(name: "Connection", value: "Upgrade")
        headers.add(name: "Sec-WebSocket-Accept", value: Self.acceptValue(key: key))
        let head = HTTPResponseHead(version: .http1_1, status: .switchingProtocols, headers: headers)
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        do {
            let bridge = WebSocketFrameBridge(maxMessageSize: maxMessageSize, eventLoop: context.eventLoop)
            let operations = context.pipeline.syncOperations
            let decoder = ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxMessageSize))
            try operations.addHandlers([decoder, WebSocketFrameEncoder(), bridge], position: .after(handlers.decoder))
            let socket = ServerWebSocket(bridge: bridge, channel: context.channel)
            bridge.attach(socket)
            for handler in handlers.others { _ = operations.removeHandler(handler) }
            _ = operations.removeHandler(handlers.encoder)
            _ = operations.removeHandler(self)
            // Removed last: bytes the client sent right after its request move on to the frame decoder.
            _ = operations.removeHandler(handlers.decoder)
            sessions.yield { await session(socket) }
        } catch {
            context.close(promise: nil)
        }
    }

    /// `Connection: upgrade` plus an `Upgrade` header: the HTTP decoder stops parsing after such a request.
    static func isUpgradeRequest(_ head: HTTPRequestHead) -> Bool {
        !head.headers["Upgrade"].isEmpty
            && head.headers[canonicalForm: "Connection"].contains { $0.lowercased() == "upgrade" }
    }

    /// A well-formed WebSocket (RFC 6455) upgrade request.
    static func isWebSocketUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.method == .GET
            && head.headers[canonicalForm: "Upgrade"].contains { $0.lowercased() == "websocket" }
            && head.headers.first(name: "Sec-WebSocket-Version") == "13"
            && head.headers.first(name: "Sec-WebSocket-Key")?.isEmpty == false
    }

    /// `Sec-WebSocket-Accept`: base64 of the SHA-1 of the key and the RFC 6455 GUID.
    static func acceptValue(key: String) -> String {
        let digest = Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        return Data(digest).base64EncodedString()
    }
}
