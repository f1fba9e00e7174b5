import Foundation

/// Runs one server socket of either protocol: a writer draining the hub's commands and a reader handing
/// text messages on, plus an optional watcher; returns as soon as the writer or the reader ends.
/// Both directions pass a ``DelayLine`` that applies the `latency`/`jitter` faults.
enum SocketPump {
    static func run(
        id: UUID, commands: AsyncStream<SocketCommand>, socket: ServerWebSocket, hub: ContactCenterHub,
        watcher: (@Sendable () async -> Void)? = nil, onText: @escaping @Sendable (String) async -> Void
    ) async {
        let sleep = hub.configuration.latencySleep
        let draw: @Sendable () -> Duration? = { hub.drawDelay() }
        let commands = DelayLine.delaying(commands, draw: draw, sleep: sleep)
        let messages = DelayLine.delaying(socket.messages, draw: draw, sleep: sleep)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await command in commands {
                    switch command {
                    case .text(let text):
                        do { try await socket.send(text) } catch { return }
                    case .close(let code, let reason):
                        await socket.close(code: code, reason: reason)
                        return
                    case .abort:
                        // No close frame: the client sees an abnormal closure (1006).
                        socket.abort()
                        return
                    }
                }
            }
            if let watcher { group.addTask { await watcher() } }
            group.addTask {
                for await text in messages { await onText(text) }
            }
            _ = await group.next()
            group.cancelAll()
        }
    }
}
