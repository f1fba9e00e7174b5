import ChatModel
import Foundation

/// What a wire decoded, in protocol-neutral terms.
public enum BackendEvent: Sendable, Hashable {
    /// A transcript item (message, attachment or participant event), possibly our own echo.
    case item(ChatItem)
    /// A receipt for a message: who received or read it.
    case receipt(messageId: String, delivery: Delivery, recipientId: String?)
    /// The contact center's message processing decided on our message `messageId` (after its send
    /// answered `checking`, or on a page read back).
    case processed(messageId: String, verdict: MessageProcessing)
    /// Someone is typing.
    case typing(Participant)
    /// Someone stopped typing.
    case typingStopped(Participant)
    /// Queue position for a live agent (nil = no longer queued).
    case queuePosition(Int?)
    /// A heartbeat answer or other liveness signal.
    case alive
    /// The socket is ready: the subscription is confirmed (and, where history arrives on the socket,
    /// the replay of what was missed has been read).
    case subscribed
    /// The server refused the subscription.
    case subscriptionFailed
    /// A deep heartbeat failed on the server side.
    case degraded(String)
    /// A deep heartbeat succeeded (the service behind the socket is well).
    case deepHeartbeatOK
    /// The server reported an error on the socket.
    case serverError(String)
    /// A socket frame could not be read (not JSON, or not the protocol's shape); it was skipped.
    case unreadableFrame(String)
    /// The contact center asks the customer to sign in; `sessionId` names the sign-in
    /// (Amazon Connect's `authentication.initiated`).
    case authenticationInitiated(sessionId: String)
    /// The sign-in the contact center asked for is over.
    case authenticationEnded(AuthenticationOutcome)
}

/// What the contact center's message processing (rules that redact or block messages) says of one
/// of our messages: Amazon Connect's `MessageProcessingStatus`.
public enum MessageProcessing: String, Sendable, Hashable, CaseIterable {
    /// Still being checked (`PROCESSING`): not passed on yet.
    case processing
    /// Blocked by the rules (`REJECTED`): nobody sees it.
    case rejected
    /// The check failed (`FAILED`): nobody sees it; sending it again may pass.
    case failed

    /// How the message stands with this verdict.
    public var delivery: Delivery {
        switch self {
        case .processing: .checking
        case .rejected: .rejected
        case .failed: .notProcessed
        }
    }
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
public struct TranscriptPage: Sendable, Hashable {
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
