import ChatEngine
import Foundation

extension PolyAIBackend: ChatBackendTuning {
    /// PolyAI's backoff (1 → 30 s, ±20 %), with the server's `max_reconnect_attempts` as the budget.
    public var reconnectPolicy: BackoffPolicy? {
        var policy = PolyAIPolicies.reconnect
        policy.maxAttempts = reconnectBudget
        return policy
    }

    /// Every keystroke: the backend throttles STARTED (3 s) and times STOPPED (5 s) itself.
    public var typingCallInterval: TimeInterval? { 0 }

    /// The close-code table of spec §9.1.
    public func closeDisposition(code: Int?, beforeOpen: Bool) -> CloseDisposition {
        switch PolyAICloseCodes.action(code: code, beforeOpen: beforeOpen) {
        case .end: .endChat
        case .ignore: .ignore
        case .newSession: .newSession
        case .reconnectAfterNetworkDelay: .reconnectAfter(PolyAIPolicies.networkReconnectDelay)
        case .reconnect: .reconnect
        }
    }

    /// Two-hour socket age → replace; ten idle minutes → expire.
    public func heartbeatVerdict(now: Date) -> HeartbeatVerdict {
        switch lifecycleVerdict(now: now) {
        case .keep: .keep
        case .forceReconnect: .replaceSocket
        case .expired: .expire(PolyAIError.sessionExpired.description)
        }
    }

    /// The automatic re-join after "conversation not found" (spec §5).
    public func takeReplyFrames() -> [String] {
        state.withLock { state in
            guard state.conversation.rejoinRequested else { return [] }
            state.conversation.rejoinRequested = false
            return [PolyAIOutgoing.join]
        }
    }

    /// A new token and session (the invalid-session path); the cursor starts again at 0.
    public func renewSession() async throws {
        do { try await createSession() } catch let error as PolyAIError { throw error.backendError }
    }

    /// `USER_END_SESSION` on the open socket.
    public func end(socket: (any SocketWriter)?) async throws {
        remember(socket)
        try await disconnect()
    }
}
