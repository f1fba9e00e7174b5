import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Wraps Hummingbird's HTTP/1 + WebSocket channel so a refused upgrade answers 403 (as API Gateway does)
/// instead of Hummingbird's fixed 400.
struct RefusedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel

    /// Puts the status rewriter next to the socket, then sets up the wrapped channel.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RefusedUpgradeStatusRewriter(), position: .first)
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    /// Hands the connection to the wrapped channel.
    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Rewrites the status line of the first response on a connection whose first request asked for a
/// WebSocket upgrade, when that response is the `400 Bad Request` of a refused upgrade.
final class RefusedUpgradeStatusRewriter: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private static let refused = "HTTP/1.1 400 Bad Request\r\n"
    private static let forbidden = "HTTP/1.1 403 Forbidden\r\n"
    private var firstRequestSeen = false
    private var upgradeRequested = false
    private var firstResponseSeen = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !firstRequestSeen {
            firstRequestSeen = true
            let buffer = unwrapInboundIn(data)
            let head = buffer.getString(at: buffer.readerIndex, length: min(buffer.readableBytes, 16_384)) ?? ""
            upgradeRequested = head.lowercased().contains("upgrade: websocket")
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !firstResponseSeen else {
            context.write(data, promise: promise)
            return
        }
        firstResponseSeen = true
        let length = Self.refused.utf8.count
        guard upgradeRequested, case .byteBuffer(var buffer) = unwrapOutboundIn(data), buffer.readableBytes >= length,
            buffer.getString(at: buffer.readerIndex, length: length) == Self.refused
        else {
            context.write(data, promise: promise)
            return
        }
        buffer.moveReaderIndex(forwardBy: length)
        var rewritten = context.channel.allocator.buffer(capacity: buffer.readableBytes + Self.forbidden.utf8.count)
        rewritten.writeString(Self.forbidden)
        rewritten.writeBuffer(&buffer)
        context.write(wrapOutboundOut(.byteBuffer(rewritten)), promise: promise)
    }
}
