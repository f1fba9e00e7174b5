import NIOCore

/// Ends the TCP connection with `shutdown` before closing the socket.
///
/// SwiftNIO accepts connections without `SOCK_CLOEXEC` on Linux, so a process started meanwhile (an
/// `$EDITOR`, a test's child) can inherit the accepted socket; `close` alone then leaves the
/// connection open until that process exits, and the client never learns that the server closed
/// it. A `shutdown` ends the connection whoever else holds the descriptor.
final class ShutdownBeforeClose: ChannelOutboundHandler, Sendable {
    typealias OutboundIn = NIOAny

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode == .all, context.channel.isActive {
            context.close(mode: .output, promise: nil)
        }
        context.close(mode: mode, promise: promise)
    }
}
