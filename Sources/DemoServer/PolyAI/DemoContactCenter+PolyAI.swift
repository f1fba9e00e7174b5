import Foundation

/// The PolyAI Messaging half of the demo contact center: its URLs, knobs and faults.
extension DemoContactCenter {
    /// The PolyAI REST base (`http://HOST:PORT/api/v1`), for `--rest-url`.
    public var polyAIRestURL: String { baseURL.absoluteString + PolyAIRoutes.basePath }

    /// The PolyAI socket endpoint (`ws://HOST:PORT/ws`, `wss://` with TLS), for `--ws-url`.
    public var polyAISocketURL: String {
        let base = baseURL.absoluteString
        let rest = base.drop { $0 != ":" }
        return (isSecure ? "wss" : "ws") + rest + PolyAISocketEndpoint.path
    }

    /// Accepts only these connector tokens (nil: any non-empty one).
    public func setPolyAIAPIKeys(_ keys: Set<String>?) async {
        await hub.setPolyAIAPIKeys(keys)
    }

    /// How many PolyAI REST calls arrived on `path` (`access-token` or `sessions`).
    public func polyAIRequestCount(_ path: String) async -> Int {
        await hub.polyAI.requestCounts[path] ?? 0
    }

    /// The demo contact behind a PolyAI session.
    public func polyAIContactId(sessionId: String) async -> String? {
        await hub.polyAI.sessions[sessionId]?.contactId
    }

    /// Sets how long a PolyAI socket may send nothing before the server closes it (default 10 minutes).
    public func setPolyAIIdleClose(after duration: Duration) async {
        await hub.setPolyAIIdleClose(after: duration)
    }

    /// Closes every PolyAI socket with a close code (1000, 4001, 4002, …).
    public func closePolyAISockets(code: UInt16, reason: String = "") async {
        await hub.closePolyAISockets(code: code, reason: reason)
    }

    /// Ignores user messages (no store, no echo) while set: the client's resend budget runs out.
    public func setPolyAIDropUserMessages(_ drop: Bool) async {
        await hub.setPolyAIFaults { $0.dropUserMessages = drop }
    }

    /// Replays overlap the cursor by two events and arrive in reverse order while set.
    public func setPolyAIOverlappingReplay(_ overlap: Bool) async {
        await hub.setPolyAIFaults { $0.overlappingReplay = overlap }
    }

    /// While set, a reconnect with a cursor gets only the events after it: no `SESSION_START`, and no
    /// frame at all when there is nothing to replay.
    public func setPolyAIBareReplay(_ bare: Bool) async {
        await hub.setPolyAIFaults { $0.bareReplay = bare }
    }

    /// While set, a reconnect with a cursor gets its replay in one batch past a megabyte.
    public func setPolyAIBulkyReplay(_ bulky: Bool) async {
        await hub.setPolyAIFaults { $0.bulkyReplay = bulky }
    }

    /// The next PolyAI socket to open is closed with `code` right after its first batch (a socket that dies
    /// while the client is still starting it up); one shot.
    public func closeNextPolyAISocketAfterReplay(code: UInt16) async {
        await hub.setPolyAIFaults { $0.closeAfterReplay = code }
    }

    /// The heartbeat interval announced to new sessions.
    public func setPolyAIHeartbeatSeconds(_ seconds: Int) async {
        await hub.setPolyAIHeartbeatSeconds(seconds)
    }
}

extension ContactCenterHub {
    /// Sets the accepted connector tokens.
    func setPolyAIAPIKeys(_ keys: Set<String>?) { polyAI.apiKeys = keys }

    /// Changes the PolyAI fault knobs.
    func setPolyAIFaults(_ change: @Sendable (inout PolyAIFaults) -> Void) { change(&polyAI.faults) }

    /// Sets the announced heartbeat interval.
    func setPolyAIHeartbeatSeconds(_ seconds: Int) { polyAI.heartbeatSeconds = seconds }

    /// Closes every PolyAI socket with `code`.
    func closePolyAISockets(code: UInt16, reason: String) {
        for id in Array(polyAI.sessionBySocket.keys) {
            sockets[id]?.end(.close(code: code, reason: reason))
        }
    }
}
