import ChatEngine
import ChatModel
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

    /// Missed events are replayed on the socket from the cursor; there is no transcript to fetch.
    public var historyArrivesOnSocket: Bool { true }

    /// The close-code table of spec §9.1.
    public func closeDisposition(_ close: SocketClose) -> CloseDisposition {
        switch PolyAICloseCodes.action(close) {
        case .end: .endChat
        case .replaced: .replaced
        case .newSession: .newSession
        case .reconnectAfterNetworkDelay: .reconnectAfter(PolyAIPolicies.networkReconnectDelay)
        case .reconnect: .reconnect
        }
    }

    /// A half-streamed reply is settled and the end is noted in the transcript (a close 1000 without `SESSION_END`).
    public func eventsOnClosedChat() -> [BackendEvent] {
        let now = options.now()
        return state.withLock { $0.conversation.closedByServer(now: now) }
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

    /// A new token and session (the invalid-session path); the cursor starts again at 0 and the join is sent again.
    public func renewSession() async throws -> SessionInfo {
        do { try await createSession() } catch let error as PolyAIError { throw error.backendError }
        return sessionInfo
    }

    /// `USER_END_SESSION` on the open socket.
    public func end(socket: (any SocketWriter)?) async throws {
        remember(socket)
        try await disconnect()
    }
}
