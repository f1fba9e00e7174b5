import HummingbirdWebSocket
import NIOCore

/// Runs one server socket: writes the hub's commands out and hands inbound text frames in,
/// until either side ends. Shared by the Connect and PolyAI socket endpoints.
enum SocketPump {
    /// Pumps until the command stream ends, a close/abort is sent, or the client goes away.
    static func run(
        commands: AsyncStream<SocketCommand>, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        channel: any Channel, maxFrameSize: Int, onText: @escaping @Sendable (String) async -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await command in commands {
                    switch command {
                    case .text(let text):
                        do { try await outbound.write(.text(text)) } catch { return }
                    case .close(let code, let reason):
                        try? await outbound.close(.init(codeNumber: Int(code)), reason: reason)
                        return
                    case .abort:
                        // No close frame: the client sees an abnormal closure (1006).
                        channel.close(promise: nil)
                        return
                    }
                }
            }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maxFrameSize) {
                        if case .text(let text) = message { await onText(text) }
                    }
                } catch {}
            }
            _ = await group.next()
            group.cancelAll()
        }
    }
}
