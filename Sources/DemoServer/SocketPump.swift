import HummingbirdWebSocket
import NIOCore

/// Runs one server socket of either protocol: a writer draining the hub's commands and a reader handing
/// text frames on, plus an optional watcher; returns as soon as the writer or the reader ends.
enum SocketPump {
    static func run(
        commands: AsyncStream<SocketCommand>, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        channel: any Channel, maxFrameSize: Int, watcher: (@Sendable () async -> Void)? = nil,
        onText: @escaping @Sendable (String) async -> Void
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
            if let watcher { group.addTask { await watcher() } }
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
