import ChatModel
import Foundation

/// Names one HTTP call (or upload, or download) the core asked for, so its answer finds its way back.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique within one session.
    public var value: Int

    /// Creates an id.
    public init(_ value: Int) { self.value = value }

    /// `r7`.
    public var description: String { "r\(value)" }
}

/// Names one socket; frames and closes of an older socket are ignored.
public struct SocketID: Hashable, Sendable, CustomStringConvertible {
    /// The generation number, counting up from 1.
    public var value: Int

    /// Creates an id.
    public init(_ value: Int) { self.value = value }

    /// `s3`.
    public var description: String { "s\(value)" }
}

/// The core's timers. Starting one that runs replaces it.
public enum TimerKey: Hashable, Sendable {
    /// The backoff before the next connection attempt.
    case reconnect
    /// The next heartbeat.
    case heartbeat
    /// The end of the grace after a heartbeat: no frame since means a dead socket.
    case heartbeatGrace
    /// The subscription was not confirmed in time: send it again or give up on the socket.
    case subscribe
    /// The pause before the next try of the message at the head of the outbox.
    case sendRetry
    /// The head message's echo is late: the socket is suspect.
    case echoWait
    /// The receipt window closed.
    case receipts
    /// No `chat.ended` came after we ended the chat: end without it.
    case endGrace
    /// Unsent messages got no further before the chat was to end: end anyway.
    case endFlush
    /// A trailing diagnostics snapshot is due.
    case diagnostics
    /// The pause before an operation is tried again (REST retries inside a protocol, upload retries).
    case operation(RetryKey)
    /// A protocol's own timer.
    case wire(String)
    /// The sign-in link on offer expires.
    case authenticationLink
}

/// What happens to a session core: the only way anything gets in.
public enum SessionInput: Sendable {
    /// Start the chat and connect.
    case start
    /// A command from a front end (``ChatCommand/attach(path:)`` arrives as ``attach(_:)`` instead,
    /// with the file already described by the driver).
    case command(ChatCommand)
    /// A file the user attached, described (size and type) by the driver.
    case attach(AttachmentFile)
    /// A call answered, or failed before an answer.
    case http(RequestID, HTTPResult)
    /// Bytes moved so far by an upload or download.
    case progress(RequestID, bytes: Int64)
    /// A download finished: the path written and its size, or why it failed.
    case downloaded(RequestID, Result<DownloadedFile, DownloadFailure>)
    /// The socket finished its handshake.
    case socketOpened(SocketID)
    /// A text frame arrived.
    case socketFrame(SocketID, String)
    /// A text message over ``SocketLimits/largestMessage`` arrived and was skipped by the driver
    /// (the socket stays open); its size in bytes.
    case socketSkippedOversized(SocketID, bytes: Int)
    /// The socket ended (or could not be opened).
    case socketClosed(SocketID, SocketClose)
    /// A timer fired.
    case timer(TimerKey)
    /// The program is leaving without ending the chat (it can be resumed): save what is unsent.
    case shutdown
}

/// A downloaded file.
public struct DownloadedFile: Sendable, Hashable {
    /// Where it was written.
    public var path: String
    /// Bytes written.
    public var bytes: Int64

    /// Creates a record.
    public init(path: String, bytes: Int64) {
        self.path = path
        self.bytes = bytes
    }
}

/// Why a download failed, in the user's words.
public struct DownloadFailure: Error, Sendable, Hashable {
    /// The reason.
    public var reason: String

    /// Creates a failure.
    public init(_ reason: String) { self.reason = reason }
}

/// What a session core asks its driver to do: the only way anything gets out.
public enum SessionEffect: Sendable {
    /// Make an HTTP call; answer with ``SessionInput/http(_:_:)``.
    case http(RequestID, HTTPRequest)
    /// Upload a file; answer with ``SessionInput/http(_:_:)`` (and progress).
    case upload(RequestID, FileUpload)
    /// Download a file; answer with ``SessionInput/downloaded(_:_:)`` (and progress).
    case download(RequestID, FileDownload)
    /// Open a socket; answer with ``SessionInput/socketOpened(_:)`` or ``SessionInput/socketClosed(_:_:)``.
    case openSocket(SocketID, SocketEndpoint)
    /// Write a text frame on a socket, after every frame written before.
    case write(SocketID, String)
    /// Close a socket (nothing more is read from it).
    case closeSocket(SocketID)
    /// Fire ``SessionInput/timer(_:)`` at this time (replacing a running timer with the same key).
    case startTimer(TimerKey, at: Date)
    /// Stop a timer.
    case cancelTimer(TimerKey)
    /// Tell subscribers.
    case publish(ChatEvent)
    /// Save what is needed to resume the chat after a restart (credentials and unsent messages).
    case persist(SessionSnapshot)
    /// Forget the saved session (the chat is over).
    case forget
    /// Append a line to the transcript files.
    case record(TranscriptRecord)
    /// Write a log line (never holds a credential).
    case log(LogLevel, String)
    /// The session is over: nothing more will happen.
    case finished
}

/// How important a log line is.
public enum LogLevel: String, Sendable, Hashable {
    /// Detail for debugging.
    case debug
    /// Normal events.
    case info
    /// Something went wrong and was handled.
    case warning
    /// Something failed.
    case error
}
