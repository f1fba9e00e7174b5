import Foundation

/// How the engine should react when a socket closed, as the backend reads the close code.
public enum CloseDisposition: Sendable, Equatable {
    /// The chat is over (e.g. a normal 1000 close): no reconnect.
    case endChat
    /// A close we caused ourselves (a replaced socket): nothing to do.
    case ignore
    /// The server forgot the session: call ``ChatBackendTuning/renewSession()``, then connect.
    case newSession
    /// Reconnect with the usual backoff.
    case reconnect
    /// Reconnect after exactly this delay (no backoff, no jitter).
    case reconnectAfter(Duration)
}

/// What a backend wants done about the open socket at a heartbeat tick.
public enum HeartbeatVerdict: Sendable, Equatable {
    /// Nothing.
    case keep
    /// Replace the socket now (same session), e.g. after a maximum socket age.
    case replaceSocket
    /// The session expired on the client side: stop with this reason.
    case expire(String)
}

/// Optional per-protocol tuning a backend may adopt; the engine uses the defaults for backends that do not.
///
/// ``ChatSession`` uses the reconnect policy, typing interval, heartbeat verdicts, reply frames and `end(socket:)`;
/// `closeDisposition` and `renewSession` are not consulted yet (every close reconnects): see docs/protocol-polyai.md.
public protocol ChatBackendTuning: ChatBackend {
    /// The reconnect backoff for this protocol (nil: the session configuration's).
    var reconnectPolicy: BackoffPolicy? { get }
    /// The gap between typing calls the backend wants (nil: the configuration's); 0 = every keystroke.
    var typingCallInterval: TimeInterval? { get }
    /// How to react to a close with `code` (nil: no close frame); `beforeOpen` when the socket never opened.
    func closeDisposition(code: Int?, beforeOpen: Bool) -> CloseDisposition
    /// Checked on every heartbeat tick.
    func heartbeatVerdict(now: Date) -> HeartbeatVerdict
    /// Frames to write on the open socket after a decode (drained by the call).
    func takeReplyFrames() -> [String]
    /// Replaces the session with a new one (after ``CloseDisposition/newSession``).
    func renewSession() async throws
    /// Ends the chat, writing on the open socket when the protocol needs it.
    func end(socket: (any SocketWriter)?) async throws
}

extension ChatBackendTuning {
    /// The configuration's backoff.
    public var reconnectPolicy: BackoffPolicy? { nil }
    /// The configuration's typing interval.
    public var typingCallInterval: TimeInterval? { nil }
    /// Every close is a reason to reconnect.
    public func closeDisposition(code: Int?, beforeOpen: Bool) -> CloseDisposition { .reconnect }
    /// Keep the socket.
    public func heartbeatVerdict(now: Date) -> HeartbeatVerdict { .keep }
    /// Nothing to write.
    public func takeReplyFrames() -> [String] { [] }
    /// No session renewal: the start is repeated by the engine's own path.
    public func renewSession() async throws {}
    /// Plain ``ChatBackend/disconnect()``.
    public func end(socket: (any SocketWriter)?) async throws { try await disconnect() }
}
