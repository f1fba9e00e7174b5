import Foundation

/// The PolyAI server's idle close (spec §3: a socket with no inbound frame for 10 minutes is closed;
/// heartbeats count as inbound). The close code is not documented; the demo uses 1001 "Idle timeout",
/// which clients treat as a transient drop (reconnect with the cursor).
extension ContactCenterHub {
    /// How long the socket may stay quiet from now on; nil once it is gone.
    func polyAIIdleRemaining(_ id: UUID) -> Duration? {
        guard sockets[id] != nil, let last = polyAI.lastInbound[id] else { return nil }
        let quiet = configuration.now().timeIntervalSince(last)
        return polyAI.idleCloseAfter - .milliseconds(Int64((quiet * 1000).rounded()))
    }

    /// Closes a socket that stayed quiet too long (1001, "Idle timeout").
    func polyAICloseIdle(_ id: UUID) {
        sockets[id]?.end(.close(code: 1001, reason: "Idle timeout"))
    }

    /// Sets how long a PolyAI socket may stay quiet before the server closes it.
    func setPolyAIIdleClose(after duration: Duration) { polyAI.idleCloseAfter = duration }

    /// Watches one socket until it is closed for idleness or the surrounding task is cancelled.
    nonisolated func watchPolyAIIdle(_ id: UUID) async {
        let sleep = configuration.timerSleep
        while let remaining = await polyAIIdleRemaining(id) {
            if remaining <= .zero {
                await polyAICloseIdle(id)
                break
            }
            guard (try? await sleep(remaining)) != nil else { return }
        }
        // Stay until the socket's tasks end, so the close frame is written before they are cancelled.
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }
}
