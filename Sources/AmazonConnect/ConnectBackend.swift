import ChatEngine
import ChatModel
import Foundation
import Synchronization

/// The Amazon Connect Participant Service as a ``ChatBackend`` (REST + `aws/chat` socket).
///
/// ```swift
/// let backend = ConnectBackend(
///     start: .template(url: startURL, displayName: "Maria", instanceId: nil, contactFlowId: nil),
///     endpoint: ConnectBackend.endpoint(region: "us-west-2"))
/// let session = ChatSession(backend: backend)
/// ```
public final class ConnectBackend: ChatBackend {
    private struct Credentials {
        var started: StartedChat?
        var connectionToken: String?
        var displayName: String
    }

    private let start: ConnectChatStart
    let client: ConnectParticipantClient
    let transport: HTTPTransport
    private let credentials: Mutex<Credentials>
    private let chunks = Mutex(ChunkAssembler())
    /// Who we are on the contact (the customer, or an agent console's agent).
    let role: ParticipantRole
    /// AttachmentId → local id of our uploads, to match the server's announcement to the placeholder.
    let uploadTags = Mutex<[String: String]>([:])
    /// ViewResource messages waiting for DescribeView, and the views rendered so far.
    let views = Mutex(ViewBook())

    /// The name and endpoint shown in the status bar.
    public let descriptor: BackendDescriptor
    /// Heartbeats every 10 s, as every official client does (spec §4.1).
    public let heartbeatInterval: Duration

    /// The Participant Service URL for a region.
    public static func endpoint(region: String) -> URL? {
        URL(string: "https://participant.connect.\(region).amazonaws.com")
    }

    /// Creates a backend that starts (or joins) a chat and talks to `endpoint`; `role` is who we are on
    /// the contact (an agent console joins with `.agent`).
    public init(
        start: ConnectChatStart, endpoint: URL, transport: HTTPTransport = HTTPTransport(),
        heartbeatInterval: Duration = .seconds(10), role: ParticipantRole = .customer
    ) {
        self.start = start
        self.role = role
        self.transport = transport
        self.client = ConnectParticipantClient(endpoint: endpoint, transport: transport)
        self.heartbeatInterval = heartbeatInterval
        self.descriptor = BackendDescriptor(name: "Amazon Connect", endpoint: endpoint.host ?? endpoint.absoluteString)
        let name: String
        var started: StartedChat?
        switch start {
        case .template(_, let displayName, _, _), .persistent(_, let displayName, _): name = displayName
        case .participantToken(_, let displayName): name = displayName ?? "You"
        case .resume(let chat, let displayName):
            name = displayName
            started = chat
        }
        self.credentials = Mutex(Credentials(started: started, displayName: name))
    }

    /// The contact id, once the chat has started.
    public var contactId: String? { credentials.withLock { $0.started?.contactId } }

    /// The participant token (a credential: store it only with mode 0600, never log it).
    public var participantToken: String? { credentials.withLock { $0.started?.participantToken } }

    /// Everything needed to rejoin this chat later, once it has started (contains the token).
    public var startedChat: StartedChat? { credentials.withLock { $0.started } }

    /// The name we chat under.
    public var displayName: String { credentials.withLock { $0.displayName } }

    /// Starts the chat through the template backend, or adopts the given participant token.
    public func start() async throws -> SessionInfo {
        let started: StartedChat
        if let existing = credentials.withLock({ $0.started }) {
            started = existing
        } else {
            switch start {
            case .template(let url, let displayName, let instanceId, let contactFlowId):
                started = try await ConnectChatStarter.start(
                    url: url, displayName: displayName, instanceId: instanceId, contactFlowId: contactFlowId,
                    transport: transport)
            case .persistent(let url, let displayName, let sourceContactId):
                started = try await ConnectChatStarter.start(
                    url: url, displayName: displayName, instanceId: nil, contactFlowId: nil,
                    continuing: sourceContactId, transport: transport)
            case .participantToken(let token, _):
                started = StartedChat(participantToken: token, participantId: nil, contactId: nil, markdownAllowed: false)
            case .resume(let chat, _):
                started = chat
            }
            credentials.withLock { $0.started = started }
        }
        let name = credentials.withLock { $0.displayName }
        return SessionInfo(
            backend: descriptor.name, endpoint: descriptor.endpoint,
            me: Participant(id: started.participantId, name: name, role: role), contactId: started.contactId)
    }

    /// CreateParticipantConnection with the participant token: a new socket URL and connection token.
    public func openConnection() async throws -> SocketEndpoint {
        guard let token = participantToken else { throw BackendError.protocolViolation("the chat was not started") }
        let reply = try await client.call(
            "/participant/connection", token: token,
            body: CreateParticipantConnectionRequest(type: ["WEBSOCKET", "CONNECTION_CREDENTIALS"]),
            as: CreateParticipantConnectionResponse.self)
        guard let url = reply.websocket?.url, let connectionToken = reply.connectionCredentials?.connectionToken else {
            throw BackendError.protocolViolation("CreateParticipantConnection returned no socket URL or connection token")
        }
        credentials.withLock { $0.connectionToken = connectionToken }
        return SocketEndpoint(url: url)
    }

    /// Subscribes to `aws/chat` (spec §3.2).
    public func handshakeFrames() -> [String] {
        [#"{"topic":"aws/subscribe","content":{"topics":["aws/chat"]}}"#]
    }

    /// The server answers `aws/subscribe` with a status (spec §3.3).
    public var confirmsHandshake: Bool { true }

    /// The deep heartbeat, then the heartbeat, as ChatJS sends them.
    public func heartbeatFrames() -> [String] {
        [#"{"topic":"aws/ping"}"#, #"{"topic":"aws/heartbeat"}"#]
    }

    /// Decodes one socket frame, assembling streamed chunks into one growing message.
    public func decode(frame: String) throws -> [BackendEvent] {
        let events = try ConnectFrameDecoder.decode(frame)
        return prepareViews(tagOwnUploads(chunks.withLock { assembler in events.map { assembler.assemble($0) } }))
    }

    /// GetTranscript in the shape the official clients use (spec §4.4).
    public func fetchTranscript(_ request: TranscriptRequest) async throws -> TranscriptPage {
        let body: GetTranscriptRequest
        switch request {
        case .recent(let limit):
            body = GetTranscriptRequest(
                maxResults: min(max(limit, 1), 100), scanDirection: "BACKWARD", sortOrder: "ASCENDING",
                startPosition: .init())
        case .after(let itemId, let pageToken):
            body = GetTranscriptRequest(
                maxResults: 100, scanDirection: "FORWARD", sortOrder: "ASCENDING", startPosition: .init(id: itemId),
                nextToken: pageToken)
        case .older(let pageToken):
            body = GetTranscriptRequest(
                maxResults: 30, scanDirection: "BACKWARD", sortOrder: "ASCENDING", startPosition: .init(),
                nextToken: pageToken)
        }
        let reply = try await client.call(
            "/participant/transcript", token: try connectionToken(), body: body, as: GetTranscriptResponse.self)
        let items = (reply.transcript ?? []).sorted { $0.absoluteTime < $1.absoluteTime }
        let token = reply.nextToken.flatMap { $0.isEmpty ? nil : $0 }
        let events = markAnsweredPickers(prepareViews(tagOwnUploads(items.flatMap(ConnectItemMapper.events(for:)))))
        return TranscriptPage(events: events, nextPageToken: token)
    }

    /// SendMessage over REST; the server's `Id` comes back at once.
    public func send(_ message: OutgoingMessage, socket: (any SocketWriter)?) async throws -> SendAck {
        let markdownAllowed = credentials.withLock { $0.started?.markdownAllowed ?? false }
        let contentType = message.contentType == "text/markdown" && !markdownAllowed ? "text/plain" : message.contentType
        let reply = try await client.call(
            "/participant/message", token: try connectionToken(),
            body: SendMessageRequest(contentType: contentType, content: message.text, clientToken: message.clientToken),
            as: SendResponse.self)
        guard let id = reply.id else { throw BackendError.protocolViolation("SendMessage returned no Id") }
        return .accepted(id: id, time: reply.absoluteTime.map(ConnectTime.parse) ?? Date())
    }

    /// SendEvent typing (no Content, like ChatJS).
    public func sendTyping(socket: (any SocketWriter)?) async throws {
        _ = try await client.call(
            "/participant/event", token: try connectionToken(),
            body: SendEventRequest(
                contentType: ConnectItemMapper.eventPrefix + "typing", content: nil,
                clientToken: UUID().uuidString.lowercased()),
            as: SendResponse.self)
    }

    /// SendEvent message.delivered / message.read with `{"messageId":…}`.
    public func sendReceipt(messageId: String, read: Bool, socket: (any SocketWriter)?) async throws {
        let content = String(decoding: try JSONEncoder().encode(["messageId": messageId]), as: UTF8.self)
        _ = try await client.call(
            "/participant/event", token: try connectionToken(),
            body: SendEventRequest(
                contentType: ConnectItemMapper.eventPrefix + (read ? "message.read" : "message.delivered"),
                content: content, clientToken: UUID().uuidString.lowercased()),
            as: SendResponse.self)
    }

    /// DisconnectParticipant.
    public func disconnect() async throws {
        _ = try await client.call(
            "/participant/disconnect", token: try connectionToken(),
            body: DisconnectRequest(clientToken: UUID().uuidString.lowercased()), as: SendResponse.self)
    }

    /// The ConnectionToken for REST calls (spec §2.1).
    func connectionToken() throws -> String {
        guard let token = credentials.withLock({ $0.connectionToken }) else {
            throw BackendError.network("not connected yet")
        }
        return token
    }
}
