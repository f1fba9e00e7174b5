import ChatModel
import Foundation

/// The seam between the session engine and one wire protocol.
///
/// The engine owns the socket, the retry logic, the transcript and the outbox; a backend
/// only knows how to start a chat, where to connect, how to turn frames into
/// ``BackendEvent``s and how to send things. Every method may be called again after a
/// reconnect; none is called concurrently with itself.
public protocol ChatBackend: Sendable {
    /// The protocol's name and endpoint, for the status bar.
    var descriptor: BackendDescriptor { get }
    /// Starts the chat, or rejoins the stored one, and says who we are.
    func start() async throws -> SessionInfo
    /// Gets a fresh socket endpoint; called before every connection attempt.
    func openConnection() async throws -> SocketEndpoint
    /// Frames to send as soon as the socket is open (subscriptions).
    func handshakeFrames() -> [String]
    /// True when the server confirms the handshake with a ``BackendEvent/subscribed`` event;
    /// the engine then resends the handshake until it is confirmed, and replaces the socket
    /// when it never is.
    var confirmsHandshake: Bool { get }
    /// Frames to send on every heartbeat tick.
    func heartbeatFrames() -> [String]
    /// How often to send heartbeats; a socket silent for this plus a grace period is dead.
    var heartbeatInterval: Duration { get }
    /// Turns one text frame into events; throws on malformed frames.
    func decode(frame: String) throws -> [BackendEvent]
    /// Fetches a page of the transcript.
    func fetchTranscript(_ request: TranscriptRequest) async throws -> TranscriptPage
    /// Sends one message; retried by the engine with the same `clientToken`.
    func send(_ message: OutgoingMessage, socket: (any SocketWriter)?) async throws -> SendAck
    /// Tells the other side we are typing.
    func sendTyping(socket: (any SocketWriter)?) async throws
    /// Acknowledges someone else's message as delivered or read.
    func sendReceipt(messageId: String, read: Bool, socket: (any SocketWriter)?) async throws
    /// Leaves the chat for good.
    func disconnect() async throws
}

/// What a backend tells the status bar about itself.
public struct BackendDescriptor: Sendable, Hashable {
    /// The protocol's name ("Amazon Connect").
    public var name: String
    /// Where it connects (host or region).
    public var endpoint: String

    /// Creates a descriptor.
    public init(name: String, endpoint: String) {
        self.name = name
        self.endpoint = endpoint
    }
}

/// Where and how to open the socket.
public struct SocketEndpoint: Sendable, Hashable {
    /// The `ws://` or `wss://` URL.
    public var url: String
    /// Extra HTTP headers for the upgrade request.
    public var headers: [String: String]

    /// Creates an endpoint.
    public init(url: String, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// Something that can write text frames to the open socket.
public protocol SocketWriter: Sendable {
    /// Writes one text frame.
    func send(text: String) async throws
}

/// A message leaving the outbox.
public struct OutgoingMessage: Sendable, Hashable {
    /// The client's id for this message.
    public var localId: String
    /// The idempotency key; the same on every retry of this message.
    public var clientToken: String
    /// The message text.
    public var text: String
    /// The content type to send it as.
    public var contentType: String

    /// Creates an outgoing message.
    public init(localId: String, clientToken: String, text: String, contentType: String) {
        self.localId = localId
        self.clientToken = clientToken
        self.text = text
        self.contentType = contentType
    }
}

/// How the server acknowledged a sent message.
public enum SendAck: Sendable, Hashable {
    /// Accepted with the server's id and time.
    case accepted(id: String, time: Date)
    /// Written to the socket; the echo will confirm it (matched by local id).
    case awaitingEcho
}

/// Which page of the transcript to fetch.
public enum TranscriptRequest: Sendable, Hashable {
    /// The most recent items, oldest first.
    case recent(limit: Int)
    /// Items after the given id, oldest first, continuing with a page token.
    case after(itemId: String, pageToken: String?)
    /// The page before the one that returned `pageToken`.
    case older(pageToken: String)
}

/// One page of transcript items.
public struct TranscriptPage: Sendable {
    /// Events for the page's items, oldest first.
    public var events: [BackendEvent]
    /// Token for the next page in the requested direction, nil when there is none.
    public var nextPageToken: String?

    /// Creates a page.
    public init(events: [BackendEvent], nextPageToken: String?) {
        self.events = events
        self.nextPageToken = nextPageToken
    }
}

/// What a backend decoded from the wire, in protocol-neutral terms.
public enum BackendEvent: Sendable, Hashable {
    /// A transcript item (message, attachment or participant event), possibly our own echo.
    case item(ChatItem)
    /// A receipt for a message: who received or read it.
    case receipt(messageId: String, delivery: Delivery, recipientId: String?)
    /// Someone is typing.
    case typing(Participant)
    /// Someone stopped typing.
    case typingStopped(Participant)
    /// Queue position for a live agent (nil = no longer queued).
    case queuePosition(Int?)
    /// A heartbeat answer or other liveness signal.
    case alive
    /// The server confirmed the subscription.
    case subscribed
    /// A deep heartbeat failed on the server side.
    case degraded(String)
    /// The server reported an error on the socket.
    case serverError(String)
}
