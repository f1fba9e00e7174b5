import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOSSL

/// The demo server's connection: optional TLS, HTTP/1.1 for the REST routes (answered by Hummingbird),
/// and a WebSocket upgrade on any request of the connection (see ``WebSocketUpgradeSwitch``), guarded
/// against slow and malformed clients by ``ConnectionGuard``.
struct DemoHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    /// What one connection runs: its Hummingbird request loop and the WebSocket sessions it upgrades to.
    struct Value: ServerChildChannelValue {
        let http: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>
        let sessions: AsyncStream<@Sendable () async -> Void>
        let sessionsContinuation: AsyncStream<@Sendable () async -> Void>.Continuation
        var channel: any Channel { http.channel }
    }

    let responder: HTTPChannelHandler.Responder
    let tls: NIOSSLContext?
    let limits: DemoConnectionLimits
    let decide: @Sendable (String) async -> UpgradeDecision
    let log: RequestLog

    /// The server builder Hummingbird's `Application` takes.
    static func builder(
        tls: NIOSSLContext?, limits: DemoConnectionLimits, log: RequestLog,
        decide: @escaping @Sendable (String) async -> UpgradeDecision
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            DemoHTTPChannel(responder: responder, tls: tls, limits: limits, decide: decide, log: log)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(ShutdownBeforeClose())
            if let tls { try operations.addHandler(NIOSSLServerHandler(context: tls)) }
            let tap = InboundByteTap()
            let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
            let encoder = HTTPResponseEncoder()
            let guardHandler = ConnectionGuard(limits: limits, tap: tap, log: log)
            let (sessions, continuation) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
            // Hummingbird's state handler closes idle HTTP connections when the server shuts down; an
            // upgraded socket leaves it behind and is closed by the hub with a close frame instead.
            let stateHandler = HTTPConnectionStateHandler(idleTimeout: nil, logger: logger)
            let upgradeSwitch = WebSocketUpgradeSwitch(
                handlers: .init(decoder: decoder, encoder: encoder, others: [tap, guardHandler, stateHandler]),
                decide: decide, sessions: continuation, log: log)
            try operations.addHandlers([tap, decoder, encoder, guardHandler, upgradeSwitch])
            try operations.addHandler(HTTP1ToHTTPServerCodec(secure: tls != nil))
            try operations.addHandler(stateHandler)
            let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            return Value(http: http, sessions: sessions, sessionsContinuation: continuation)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                await handleHTTP(asyncChannel: value.http, logger: logger)
                value.sessionsContinuation.finish()
            }
            for await session in value.sessions {
                group.addTask { await session() }
            }
        }
    }
}
