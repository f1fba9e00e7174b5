import ChatModel
import Foundation

/// How a socket ended, as the engine saw it, for a backend to read (``ChatBackendTuning/closeDisposition(_:)``).
public enum SocketClose: Sendable, Equatable {
    /// The socket was open and then closed by the other side: with this close code, or nil when the
    /// connection just dropped without a close frame (read it as 1006).
    case afterOpen(code: Int?)
    /// The server answered the upgrade request with something other than 101 (a handshake failure).
    case upgradeRefused
    /// No answer at all: connection refused, host unreachable, DNS failure, timeout.
    case unreachable
}

/// How the engine should react when a socket ended, as the backend reads the close.
public enum CloseDisposition: Sendable, Equatable {
    /// The chat is over (e.g. a normal 1000 close): no reconnect.
    case endChat
    /// Another client took this session over: stop with a clear reason (`/retry` takes it back).
    case replaced
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

/// Thrown by a backend's ``ChatBackend/send(_:socket:)`` when the socket cannot carry the message:
/// there is none, the write failed, or the socket gave no sign of life while we waited for the echo.
///
/// It is never the message's fault, so the engine does not count it against the message: the
/// message stays pending, the silent socket is replaced, and the message goes out on the next one.
public struct SocketUnusable: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened, for logs.
    public var detail: String

    /// Creates the error.
    public init(_ detail: String) { self.detail = detail }

    /// "socket unusable: DETAIL".
    public var description: String { "socket unusable: \(detail)" }
}

/// Optional per-protocol tuning a backend may adopt; the engine uses the defaults for backends that do not.
public protocol ChatBackendTuning: ChatBackend {
    /// The reconnect backoff for this protocol (nil: the session configuration's).
    var reconnectPolicy: BackoffPolicy? { get }
    /// The gap between typing calls the backend wants (nil: the configuration's); 0 = every keystroke.
    var typingCallInterval: TimeInterval? { get }
    /// True when missed events are replayed on the socket itself (there is no transcript to fetch):
    /// frames are then applied the moment they are decoded, never held back for a backfill.
    var historyArrivesOnSocket: Bool { get }
    /// How to react to a socket that ended.
    func closeDisposition(_ close: SocketClose) -> CloseDisposition
    /// Checked on every heartbeat tick.
    func heartbeatVerdict(now: Date) -> HeartbeatVerdict
    /// Frames to write on the open socket after a decode (drained by the call).
    func takeReplyFrames() -> [String]
    /// Replaces the session with a new one (after ``CloseDisposition/newSession``); says who we are now.
    func renewSession() async throws -> SessionInfo
    /// Events that settle the transcript when a close ends the chat (a half-streamed reply, an end notice).
    func eventsOnClosedChat() -> [BackendEvent]
    /// Ends the chat, writing on the open socket when the protocol needs it.
    func end(socket: (any SocketWriter)?) async throws
}

extension ChatBackendTuning {
    /// The configuration's backoff.
    public var reconnectPolicy: BackoffPolicy? { nil }
    /// The configuration's typing interval.
    public var typingCallInterval: TimeInterval? { nil }
    /// History comes from transcript pages.
    public var historyArrivesOnSocket: Bool { false }
    /// Every close is a reason to reconnect.
    public func closeDisposition(_ close: SocketClose) -> CloseDisposition { .reconnect }
    /// Keep the socket.
    public func heartbeatVerdict(now: Date) -> HeartbeatVerdict { .keep }
    /// Nothing to write.
    public func takeReplyFrames() -> [String] { [] }
    /// No renewal: the same start again.
    public func renewSession() async throws -> SessionInfo { try await start() }
    /// Nothing to settle.
    public func eventsOnClosedChat() -> [BackendEvent] { [] }
    /// Plain ``ChatBackend/disconnect()``.
    public func end(socket: (any SocketWriter)?) async throws { try await disconnect() }
}
