import NIOCore

extension ChannelHandlerContext {
    /// Writes and flushes `data`, then closes the connection once it is written; `promise`
    /// completes with the write.
    func writeThenClose(_ data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in close(promise: nil) }
        if let promise { written.futureResult.cascade(to: promise) }
        writeAndFlush(data, promise: written)
    }
}
