import ChatEngine
import ChatModel
import Foundation
import Synchronization

/// PolyAI Messaging as a ``ChatBackend``: access token + session over REST, then one socket
/// carrying everything (messages, echoes, streamed chunks, handoff events, heartbeats).
///
/// ```swift
/// let backend = PolyAIBackend(options: PolyAIOptions(apiKey: key, environment: .uk))
/// let session = ChatSession(backend: backend, configuration: PolyAIBackend.sessionConfiguration())
/// ```
public final class PolyAIBackend: ChatBackend {
    /// Credentials, protocol state and the last socket handed to us, behind one lock.
    struct State: Sendable {
        var accessToken: String?
        var sessionId: String?
        var isNewSession = false
        var conversation: PolyAIConversation
        var socketOpenedAt: Date?
        var confirmed: Set<String> = []
        var typing = PolyAITypingPolicy()
        var writer: (any SocketWriter)?
        /// Frames decoded so far (any kind): a send that saw none while waiting knows the socket is silent.
        var framesReceived = 0
        /// Connections asked for so far: a send whose socket was replaced does not wait on in vain.
        var connections = 0
    }

    /// The options it was made with.
    let options: PolyAIOptions
    /// The bootstrap client.
    let rest: PolyAIRESTClient
    /// The mutable state.
    let state: Mutex<State>

    /// "PolyAI" and the REST host.
    public let descriptor: BackendDescriptor

    /// Creates a backend; nothing happens until ``start()``.
    public init(options: PolyAIOptions) {
        self.options = options
        self.rest = PolyAIRESTClient(restBase: options.environment.restBase, transport: options.transport, sleep: options.sleep)
        self.state = Mutex(State(conversation: PolyAIConversation(showsStreaming: options.streaming)))
        self.descriptor = BackendDescriptor(name: "PolyAI", endpoint: options.environment.displayHost)
    }

    /// The session id once started (not a credential).
    public var sessionId: String? { state.withLock { $0.sessionId } }

    /// The highest sequence seen: the cursor of the next connection.
    public var cursor: Int { state.withLock { $0.conversation.lastSequence } }

    /// Heartbeats at the server's `heartbeat_interval_seconds`, else every 30 s.
    public var heartbeatInterval: Duration {
        let seconds = state.withLock { $0.conversation.capabilities?.heartbeatIntervalSeconds }
        guard let seconds, seconds > 0 else { return PolyAIPolicies.heartbeatInterval }
        return .seconds(seconds)
    }

    /// The reconnect budget: the server's `max_reconnect_attempts` when given (0 = unlimited).
    public var reconnectBudget: Int? {
        let server = state.withLock { $0.conversation.capabilities?.maxReconnectAttempts }
        guard let server else { return PolyAIPolicies.reconnect.maxAttempts }
        return server == 0 ? nil : server
    }

    /// Gets an access token and creates a session (spec §2); a refused key fails at once.
    public func start() async throws -> SessionInfo {
        do {
            try options.validate()
            if state.withLock({ $0.sessionId == nil }), !adoptResume() { try await createSession() }
        } catch let error as PolyAIError {
            throw error.backendError
        }
        return sessionInfo
    }

    /// Who we are and which session we are in.
    var sessionInfo: SessionInfo {
        SessionInfo(
            backend: descriptor.name, endpoint: descriptor.endpoint, me: Participant(name: "You", role: .customer),
            contactId: sessionId)
    }

    /// Replaces the session with a new one (after the server forgot it, or "start new chat").
    public func createSession() async throws {
        let (token, _) = try await rest.accessToken(apiKey: options.apiKey, hostId: options.hostId)
        let sessionId = try await rest.createSession(accessToken: token, streaming: options.streaming)
        state.withLock { state in
            state.accessToken = token
            state.sessionId = sessionId
            state.isNewSession = true
            state.conversation.reset()
            state.confirmed = []
        }
    }

    /// The socket URL with token, session and (after the first events) the replay cursor.
    public func openConnection() async throws -> SocketEndpoint {
        let now = options.now()
        let (token, sessionId, cursor, lastActivity) = state.withLock {
            ($0.accessToken, $0.sessionId, $0.conversation.lastSequence, $0.conversation.lastActivity)
        }
        guard let token, let sessionId else { throw BackendError.protocolViolation("the PolyAI session was not started") }
        if PolyAILifecycle.verdict(openedAt: nil, lastActivity: lastActivity, now: now) == .expired {
            throw PolyAIError.sessionExpired.backendError
        }
        guard PolyAIJWT.isUsable(token, now: now) else { throw PolyAIError.sessionExpired.backendError }
        guard var components = URLComponents(string: options.environment.socketURL) else {
            throw PolyAIError.invalidConfiguration("bad socket URL").backendError
        }
        var query = [URLQueryItem(name: "access_token", value: token), URLQueryItem(name: "session_id", value: sessionId)]
        if cursor > 0 { query.append(URLQueryItem(name: "cursor", value: String(cursor))) }
        components.queryItems = query
        // `+` is legal in a query but servers read it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.string else { throw PolyAIError.invalidConfiguration("bad socket URL").backendError }
        state.withLock {
            $0.socketOpenedAt = now
            $0.connections += 1
            $0.conversation.touch(now)
        }
        return SocketEndpoint(url: url)
    }

    /// The agent join request, once per new session (spec §5).
    public func handshakeFrames() -> [String] {
        state.withLock { state in
            guard state.isNewSession, !state.conversation.joinSent, !state.conversation.agentJoined else { return [] }
            state.conversation.joinSent = true
            return [PolyAIOutgoing.join]
        }
    }

    /// PolyAI does not confirm a subscription; the socket is live once open.
    public var confirmsHandshake: Bool { false }

    /// `EVENT_TYPE_HEARTBEAT` (the server echoes it).
    public func heartbeatFrames() -> [String] { [PolyAIOutgoing.heartbeat] }

    /// Decodes one frame: dedup by event id, batches in sequence order, chunks assembled.
    public func decode(frame: String) throws -> [BackendEvent] {
        let now = options.now()
        return state.withLock { state in
            state.framesReceived += 1
            let events = state.conversation.handle(frame: frame, now: now)
            for case .item(let item) in events {
                if let localId = item.localId { state.confirmed.insert(localId) }
            }
            return events
        }
    }

    /// PolyAI replays missed events on the socket (cursor), so there is nothing to fetch.
    public func fetchTranscript(_ request: TranscriptRequest) async throws -> TranscriptPage {
        TranscriptPage(events: [], nextPageToken: nil)
    }

    /// The idle / two-hour verdict at `now` (for the engine's heartbeat tick).
    public func lifecycleVerdict(now: Date) -> PolyAILifecycleVerdict {
        let (openedAt, activity) = state.withLock { ($0.socketOpenedAt, $0.conversation.lastActivity) }
        return PolyAILifecycle.verdict(openedAt: openedAt, lastActivity: activity, now: now)
    }

    /// True when the echo carrying `localId` has arrived.
    public func isConfirmed(localId: String) -> Bool {
        state.withLock { $0.confirmed.contains(localId) }
    }

    func remember(_ socket: (any SocketWriter)?) {
        guard let socket else { return }
        state.withLock { $0.writer = socket }
    }
}
