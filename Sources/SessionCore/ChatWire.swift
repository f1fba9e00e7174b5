import ChatModel
import Foundation

/// One wire protocol (Amazon Connect, PolyAI) as a plain value the session core drives: it builds
/// the HTTP calls and socket frames for what the core asks, and reads what comes back. It does no
/// I/O and reads no clock of its own: time is passed in.
///
/// The core owns order, retries, the transcript and the outbox; a wire knows the protocol's shapes,
/// its credentials and its own small state (a stream being assembled, a cursor, a typing timer).
public protocol ChatWire: Sendable {
    /// What the protocol is like: constants and what it can do (may change once the server says so).
    /// The largest socket message this protocol's server may send that Helpline reads: a message
    /// over it is skipped with a notice (one chat message a frame: ``SocketLimits/largestMessage``; a
    /// protocol whose frames batch many events allows more, up to ``SocketLimits/largestFrame``).
    var largestSocketMessage: Int { get }
    var capabilities: WireCapabilities { get }
    /// Starts `operation`: a call to make, frames to write, or its result at once.
    mutating func begin(_ operation: WireOperation, now: Date) -> WireOutput
    /// Goes on with `operation` after the call it asked for answered (or failed before an answer).
    mutating func resume(_ operation: WireOperation, with result: HTTPResult, now: Date) -> WireOutput
    /// Frames to write as soon as a socket is open (subscriptions).
    mutating func socketOpened(now: Date) -> [String]
    /// Reads one text frame: the events in it and any frames to write in reply.
    mutating func decode(_ frame: String, now: Date) -> WireDecoded
    /// Frames to send on a heartbeat tick, and what to do about the socket.
    mutating func heartbeat(now: Date) -> (frames: [String], verdict: HeartbeatVerdict)
    /// How to react to a socket that ended.
    func closeDisposition(_ close: SocketClose) -> CloseDisposition
    /// Events that settle the transcript when a close ends the chat (a half-streamed reply, an end notice).
    mutating func chatClosed(now: Date) -> [BackendEvent]
    /// One of the protocol's own timers (``WireOutput/timers``) fired: frames to write.
    mutating func timerFired(_ name: String, now: Date) -> [String]
    /// True when `item` is one of ours (`me` is who the session is).
    func isOwn(_ item: ChatItem, me: Participant) -> Bool
    /// What to store so the chat can be rejoined after a restart (holds credentials), once started.
    var resumeCredentials: ResumeCredentials? { get }
    /// The reply for choosing `action` on `form`, when the protocol answers forms its own way.
    func formReply(action: String, form: ChatForm) -> ChoiceReply?
    /// The reply for text typed while `form` waits, when the protocol wraps it.
    func formTextReply(_ text: String, form: ChatForm) -> ChoiceReply?
    /// True when `item` needs a further call (``WireOperation/describeView(itemId:)``) to be complete.
    func needsView(_ item: ChatItem) -> Bool
}

extension ChatWire {
    /// One chat message a frame: ``SocketLimits/largestMessage``.
    public var largestSocketMessage: Int { SocketLimits.largestMessage }
    /// No frames.
    public mutating func socketOpened(now: Date) -> [String] { [] }
    /// Every close is a reason to reconnect.
    public func closeDisposition(_ close: SocketClose) -> CloseDisposition { .reconnect }
    /// Nothing to settle.
    public mutating func chatClosed(now: Date) -> [BackendEvent] { [] }
    /// No protocol timers.
    public mutating func timerFired(_ name: String, now: Date) -> [String] { [] }
    /// No forms of its own.
    public func formReply(action: String, form: ChatForm) -> ChoiceReply? { nil }
    /// Typed text is sent as it is.
    public func formTextReply(_ text: String, form: ChatForm) -> ChoiceReply? { nil }
    /// No views.
    public func needsView(_ item: ChatItem) -> Bool { false }
}

/// What the core asks a wire to do.
public enum WireOperation: Sendable, Hashable {
    /// Start the chat (or adopt stored credentials) and say who we are.
    case start
    /// Get a socket to open (and fresh connection credentials where the protocol has them).
    case connect
    /// Replace a session the server forgot with a new one.
    case renewSession
    /// Send one message.
    case send(OutgoingMessage)
    /// Tell the other side we are typing.
    case typing
    /// Acknowledge someone else's message as delivered or read.
    case receipt(messageId: String, read: Bool)
    /// Fetch a page of the transcript.
    case fetch(TranscriptRequest)
    /// End the chat for everyone.
    case end
    /// Upload a file as an attachment; `localId` names its pending item.
    case upload(AttachmentFile, localId: String)
    /// Get a short-lived URL for an attachment.
    case downloadURL(attachmentId: String)
    /// Fetch what a view message shows (Amazon Connect DescribeView).
    case describeView(itemId: String)
    /// Fetch the link where the customer signs in (Amazon Connect GetAuthenticationUrl).
    case authenticationURL(sessionId: String)
    /// Decline the sign-in (Amazon Connect CancelParticipantAuthentication).
    case cancelAuthentication(sessionId: String)
}

/// What a wire answers to an operation: a call to make, a file to upload, frames to write, a pause,
/// or the result.
public enum WireOutput: Sendable {
    /// Make this call, then ``ChatWire/resume(_:with:now:)``.
    case request(HTTPRequest)
    /// Upload this file, then ``ChatWire/resume(_:with:now:)`` with the storage service's answer.
    case upload(FileUpload)
    /// Try the operation again after this pause (``ChatWire/begin(_:now:)`` is called anew).
    case retry(after: Duration)
    /// Write these frames on the open socket, start these protocol timers, then the result.
    case write([String], timers: [WireTimer] = [], then: WireResult)
    /// Done.
    case done(WireResult)
    /// Failed.
    case failed(BackendError)
}

/// A timer a protocol keeps (a typing STOPPED notice): fired by name after `delay`.
public struct WireTimer: Sendable, Hashable {
    /// The name ``ChatWire/timerFired(_:now:)`` gets.
    public var name: String
    /// How long from now.
    public var delay: Duration

    /// Creates a timer.
    public init(name: String, delay: Duration) {
        self.name = name
        self.delay = delay
    }
}

/// The result of a finished operation.
public enum WireResult: Sendable, Hashable {
    /// Nothing to report.
    case none
    /// The chat started: who we are.
    case started(SessionInfo)
    /// The socket to open.
    case socket(SocketEndpoint)
    /// The message was accepted with this server id and time (and sequence, where numbered), and with
    /// what the contact center's message processing said of it, when it said anything.
    case accepted(id: String, time: Date, sequence: Int64?, processing: MessageProcessing? = nil)
    /// The message went out on the socket; its echo (carrying our local id) confirms it.
    case awaitingEcho
    /// A transcript page.
    case page(TranscriptPage)
    /// The attachment was uploaded and completed under this id.
    case uploaded(attachmentId: String)
    /// A short-lived URL to fetch an attachment from.
    case downloadURL(String)
    /// A view message's form and actions.
    case view(itemId: String, form: ChatForm, actions: [String])
    /// The link where the customer signs in.
    case authenticationURL(String)
}

/// What one socket frame held.
public struct WireDecoded: Sendable {
    /// The events, in order.
    public var events: [BackendEvent]
    /// Frames to write in reply (a join the protocol asks for).
    public var replies: [String]

    /// Creates a decoded frame.
    public init(events: [BackendEvent] = [], replies: [String] = []) {
        self.events = events
        self.replies = replies
    }
}

/// What a protocol is like.
public struct WireCapabilities: Sendable, Hashable {
    /// The protocol's name ("Amazon Connect").
    public var name: String
    /// Where it connects (host or region).
    public var endpoint: String
    /// How the server orders the transcript.
    public var ordering: Transcript.Ordering
    /// How often heartbeats go; a socket silent for this plus the grace is dead.
    public var heartbeatInterval: Duration
    /// The reconnect backoff.
    public var reconnectPolicy: BackoffPolicy
    /// True when missed events are replayed on the socket (no transcript to fetch): the socket's first
    /// confirmation (``BackendEvent/subscribed``) comes after the replay.
    public var historyArrivesOnSocket: Bool
    /// True when messages go out on the socket (so they need one open), false for REST.
    public var sendsOnSocket: Bool
    /// The shortest gap between typing operations (0: every keystroke, the protocol throttles).
    public var typingInterval: TimeInterval
    /// True when the protocol has read/delivered receipts from the client.
    public var hasReceipts: Bool
    /// The longest message the service accepts, and how it counts.
    public var messageLimit: MessageLimit?
    /// What attachments the contact center takes; nil: none.
    public var attachments: AttachmentLimits?
    /// When a new socket may carry messages.
    public var readiness: SocketReadiness

    /// Creates capabilities.
    public init(
        name: String, endpoint: String, ordering: Transcript.Ordering, heartbeatInterval: Duration,
        reconnectPolicy: BackoffPolicy, historyArrivesOnSocket: Bool, sendsOnSocket: Bool, typingInterval: TimeInterval,
        hasReceipts: Bool, messageLimit: MessageLimit?, attachments: AttachmentLimits?,
        readiness: SocketReadiness = .confirmed
    ) {
        self.name = name
        self.endpoint = endpoint
        self.ordering = ordering
        self.heartbeatInterval = heartbeatInterval
        self.reconnectPolicy = reconnectPolicy
        self.historyArrivesOnSocket = historyArrivesOnSocket
        self.sendsOnSocket = sendsOnSocket
        self.typingInterval = typingInterval
        self.hasReceipts = hasReceipts
        self.messageLimit = messageLimit
        self.attachments = attachments
        self.readiness = readiness
    }
}

/// When a new socket may carry messages.
public enum SocketReadiness: Sendable, Hashable {
    /// Only once the server confirms the subscription (``BackendEvent/subscribed``); a socket that never
    /// confirms is subscribed again, then replaced (Amazon Connect's `aws/subscribe`).
    case confirmed
    /// Once the server answers what the wire wrote on opening (PolyAI's heartbeat, answered after the
    /// replay; the wire reports it as ``BackendEvent/subscribed``), or, when nothing answers within the
    /// subscribe timeout, then: the server need confirm nothing, and the socket is never replaced for
    /// its silence (PolyAI, whose `SESSION_START` on a reconnect the spec leaves open).
    case answeredOrQuiet
}

/// The longest message a service accepts.
public struct MessageLimit: Sendable, Hashable {
    /// How the length is counted.
    public enum Unit: String, Sendable, Hashable {
        /// Characters as the service counts them (UTF-16 code units, as Java and JavaScript do).
        case characters
        /// UTF-8 bytes.
        case bytes
    }

    /// The most the service takes.
    public var maximum: Int
    /// How it counts.
    public var unit: Unit

    /// Creates a limit.
    public init(maximum: Int, unit: Unit) {
        self.maximum = maximum
        self.unit = unit
    }

    /// The length of `text` in this limit's unit.
    public func length(of text: String) -> Int {
        switch unit {
        case .characters: text.utf16.count
        case .bytes: text.utf8.count
        }
    }
}

/// What is needed to rejoin a chat after a restart; holds credentials (store it with mode 0600).
public struct ResumeCredentials: Codable, Sendable, Hashable {
    /// The participant token (Connect) or access token (PolyAI).
    public var token: String
    /// Our participant id, when known.
    public var participantId: String?
    /// The contact (Connect) or session (PolyAI) id.
    public var contactId: String?
    /// Whether markdown may be sent.
    public var markdownAllowed: Bool
    /// Our display name.
    public var displayName: String

    /// Creates credentials.
    public init(token: String, participantId: String?, contactId: String?, markdownAllowed: Bool, displayName: String) {
        self.token = token
        self.participantId = participantId
        self.contactId = contactId
        self.markdownAllowed = markdownAllowed
        self.displayName = displayName
    }
}
