import NIOCore
import NIOWebSocket

/// The server end of one WebSocket after the upgrade: answers pings, runs the close handshake,
/// reassembles fragmented messages (up to `maxMessageSize`) and passes text messages to its
/// ``ServerWebSocket``. Binary messages are read and ignored. Lives on the connection's event loop.
final class WebSocketFrameBridge: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let maxMessageSize: Int
    private let closeTimeout: TimeAmount
    private let eventLoop: any EventLoop
    private var context: ChannelHandlerContext?
    private var socket: ServerWebSocket?
    private var fragments: ByteBuffer?
    private var fragmentIsText = false
    private var closeSent = false
    private var closeTimer: Scheduled<Void>?

    init(maxMessageSize: Int, eventLoop: any EventLoop, closeTimeout: TimeAmount = .seconds(2)) {
        self.maxMessageSize = maxMessageSize
        self.eventLoop = eventLoop
        self.closeTimeout = closeTimeout
    }

    /// Binds the async side; called once, on the event loop, right after the handler was added.
    func attach(_ socket: ServerWebSocket) { self.socket = socket }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        closeTimer?.cancel()
        socket?.finishInbound()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        closeTimer?.cancel()
        socket?.finishInbound()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            guard !closeSent else { return }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)),
                                  promise: nil)
        case .pong:
            break
        case .connectionClose:
            receivedClose(context: context, frame: frame)
        case .text, .binary:
            guard fragments == nil else { return fail(context, code: 1002, reason: "Expected a continuation frame") }
            if frame.fin {
                deliver(context, frame.unmaskedData, isText: frame.opcode == .text)
            } else {
                fragments = frame.unmaskedData
                fragmentIsText = frame.opcode == .text
            }
        case .continuation:
            guard var buffer = fragments else { return fail(context, code: 1002, reason: "Unexpected continuation frame") }
            var data = frame.unmaskedData
            guard buffer.readableBytes + data.readableBytes <= maxMessageSize else {
                return fail(context, code: 1009, reason: "Message too big")
            }
            buffer.writeBuffer(&data)
            if frame.fin {
                fragments = nil
                deliver(context, buffer, isText: fragmentIsText)
            } else {
                fragments = buffer
            }
        default:
            fail(context, code: 1002, reason: "Unknown opcode")
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Frame decoding errors (too large, malformed) end the socket with the matching close code.
        if let error = error as? NIOWebSocketError, case .invalidFrameLength = error {
            fail(context, code: 1009, reason: "Frame too big")
        } else {
            fail(context, code: 1002, reason: "Protocol error")
        }
    }

    /// Writes one text frame; fails once a close frame was sent.
    func sendText(_ text: String) -> EventLoopFuture<Void> {
        guard let context, !closeSent else {
            return eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        let frame = WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text))
        return context.writeAndFlush(wrapOutboundOut(frame))
    }

    /// Sends a close frame and drops the connection if the client does not answer in time.
    func startClose(code: UInt16, reason: String) -> EventLoopFuture<Void> {
        guard let context else { return eventLoop.makeSucceededVoidFuture() }
        guard !closeSent else { return context.eventLoop.makeSucceededVoidFuture() }
        sendClose(context, code: code, reason: reason)
        closeTimer = context.eventLoop.assumeIsolated().scheduleTask(in: closeTimeout) { [weak self] in
            self?.context?.close(promise: nil)
        }
        return context.eventLoop.makeSucceededVoidFuture()
    }

    private func deliver(_ context: ChannelHandlerContext, _ data: ByteBuffer, isText: Bool) {
        guard data.readableBytes <= maxMessageSize else { return fail(context, code: 1009, reason: "Message too big") }
        guard isText else { return }
        guard let text = String(validatingUTF8Bytes: data.readableBytesView) else {
            return fail(context, code: 1007, reason: "Text frame is not UTF-8")
        }
        socket?.deliver(text)
    }

    private func receivedClose(context: ChannelHandlerContext, frame: WebSocketFrame) {
        socket?.finishInbound()
        if closeSent {
            context.close(promise: nil)
            return
        }
        // Echo the client's code (1000 when it sent none), then close the TCP connection.
        var data = frame.unmaskedData
        let code = data.readInteger(as: UInt16.self) ?? 1000
        closeSent = true
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.writeInteger(code)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private func fail(_ context: ChannelHandlerContext, code: UInt16, reason: String) {
        fragments = nil
        socket?.finishInbound()
        guard !closeSent else {
            context.close(promise: nil)
            return
        }
        sendClose(context, code: code, reason: reason)
        context.flush()
        closeTimer = context.eventLoop.assumeIsolated().scheduleTask(in: closeTimeout) { [weak self] in
            self?.context?.close(promise: nil)
        }
    }

    private func sendClose(_ context: ChannelHandlerContext, code: UInt16, reason: String) {
        closeSent = true
        var buffer = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        buffer.writeInteger(code)
        buffer.writeString(String(reason.utf8.prefix(120)) ?? "")
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)),
                              promise: nil)
    }
}

private extension String {
    /// Decodes UTF-8, or nil when the bytes are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: ByteBufferView) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput:
                self = String(scalars)
                return
            case .error:
                return nil
            }
        }
    }
}
