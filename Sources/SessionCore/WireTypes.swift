import Foundation

/// One HTTP call the session core asks its driver to make.
public struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PUT`.
    public var method: String
    /// The whole URL.
    public var url: String
    /// Headers, in order, spelled as sent.
    public var headers: [HTTPHeader]
    /// The body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: String, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A JSON `POST` of `body` (already encoded) with `headers` after the content type.
    public static func postJSON(_ url: String, headers: [HTTPHeader] = [], body: Data) -> HTTPRequest {
        HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/json")] + headers, body: body)
    }

    /// The value of header `name` (case-insensitive), if sent.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP header.
public struct HTTPHeader: Sendable, Hashable {
    /// The name as sent.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An HTTP answer: status, headers (lower-cased names) and body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Headers with lower-cased names.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What became of an HTTP call: an answer, or a failure before one (refused, reset, timed out, TLS).
public enum HTTPResult: Sendable, Hashable {
    /// The server answered (any status).
    case response(HTTPResponse)
    /// No answer: what kind of failure, and why in a few words naming the host ("connection refused (127.0.0.1:9)").
    case failure(TransportFailure)
    /// The server redirected an authenticated call to another origin, and it was not followed.
    case redirectRefused(RefusedRedirect)
}

/// A file to `PUT` to a (pre-signed) URL with exactly these headers, streamed from disk.
public struct FileUpload: Sendable, Hashable {
    /// Where the bytes go.
    public var url: String
    /// Exactly the headers to send (a signed URL checks them).
    public var headers: [HTTPHeader]
    /// The local file.
    public var path: String
    /// Its size in bytes.
    public var size: Int64

    /// Creates an upload.
    public init(url: String, headers: [HTTPHeader], path: String, size: Int64) {
        self.url = url
        self.headers = headers
        self.path = path
        self.size = size
    }
}

/// An attachment to fetch with a plain `GET` into a new file in a folder.
public struct FileDownload: Sendable, Hashable {
    /// Where the bytes come from.
    public var url: String
    /// The file name to save under (made safe and unique by the driver).
    public var name: String
    /// The folder the user chose (nil: the download folder, else the current one).
    public var directory: String?
    /// The size the server announced, if any.
    public var expectedSize: Int64?

    /// Creates a download.
    public init(url: String, name: String, directory: String?, expectedSize: Int64?) {
        self.url = url
        self.name = name
        self.directory = directory
        self.expectedSize = expectedSize
    }
}

/// Where and how to open the socket.
public struct SocketEndpoint: Sendable, Hashable {
    /// The `ws://` or `wss://` URL.
    public var url: String
    /// Extra HTTP headers for the upgrade request.
    public var headers: [String: String]
    /// The largest text message read from the socket; a larger one is skipped (the protocol's
    /// ``ChatWire/largestSocketMessage``).
    public var largestMessage: Int

    /// Creates an endpoint.
    public init(url: String, headers: [String: String] = [:], largestMessage: Int = SocketLimits.largestMessage) {
        self.url = url
        self.headers = headers
        self.largestMessage = largestMessage
    }
}

/// How a socket ended, as the driver saw it.
public enum SocketClose: Sendable, Hashable {
    /// The socket was open and then closed by the other side: with this close code, or nil when the
    /// connection just dropped without a close frame (read it as 1006).
    case afterOpen(code: Int?)
    /// The server answered the upgrade request with something other than 101 (a handshake failure).
    case upgradeRefused
    /// No answer at all: connection refused, host unreachable, DNS failure, timeout, TLS failure.
    case unreachable(TransportFailure)
}

/// How the core should react when a socket ended, as the protocol reads the close.
public enum CloseDisposition: Sendable, Equatable {
    /// The chat is over (e.g. a normal 1000 close): no reconnect.
    case endChat
    /// Another client took this session over: stop with a clear reason (`/retry` takes it back).
    case replaced
    /// The server forgot the session: start a new one, then connect.
    case newSession
    /// Reconnect with the usual backoff.
    case reconnect
    /// Reconnect after exactly this delay (no backoff, no jitter).
    case reconnectAfter(Duration)
}

/// What a protocol wants done about the open socket at a heartbeat tick.
public enum HeartbeatVerdict: Sendable, Equatable {
    /// Nothing.
    case keep
    /// Replace the socket now (same session), e.g. after a maximum socket age.
    case replaceSocket
    /// The session expired on the client side: stop with this reason.
    case expire(String)
}
