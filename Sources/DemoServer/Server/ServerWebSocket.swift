import NIOCore
import NIOWebSocket

/// One accepted server-side WebSocket, as the socket routes see it: the client's text messages in
/// order, and ways to send text, close with a code, or drop the connection without a close frame.
///
/// The frames themselves are handled by ``WebSocketFrameBridge`` on the connection's event loop;
/// this type only hops onto that loop.
final class ServerWebSocket: Sendable {
    /// Text messages from the client, reassembled from fragments; ends when the socket is gone.
    let messages: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let bridge: NIOLoopBound<WebSocketFrameBridge>
    private let channel: any Channel

    init(bridge: WebSocketFrameBridge, channel: any Channel) {
        (messages, continuation) = AsyncStream.makeStream(of: String.self)
        self.bridge = NIOLoopBound(bridge, eventLoop: channel.eventLoop)
        self.channel = channel
    }

    /// Hands a client message to the reader (called on the event loop).
    func deliver(_ text: String) { continuation.yield(text) }

    /// No more client messages (called on the event loop).
    func finishInbound() { continuation.finish() }

    /// Sends one text frame; throws once the socket is closing or gone.
    func send(_ text: String) async throws {
        let bridge = self.bridge
        try await channel.eventLoop.flatSubmit {
            bridge.value.sendText(text)
        }.get()
    }

    /// Starts the close handshake with `code` and `reason`; the connection is dropped if the client does
    /// not answer within the close timeout.
    func close(code: UInt16, reason: String) async {
        let bridge = self.bridge
        try? await channel.eventLoop.flatSubmit {
            bridge.value.startClose(code: code, reason: reason)
        }.get()
    }

    /// Drops the TCP connection without a close frame (the client sees 1006).
    func abort() {
        channel.close(promise: nil)
    }

    /// Waits until the connection is closed.
    func waitClosed() async {
        try? await channel.closeFuture.get()
    }
}
