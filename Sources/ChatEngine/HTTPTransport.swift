import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SessionCore

/// A JSON-over-HTTP client for backends, built on AsyncHTTPClient.
public struct HTTPTransport: Sendable {
    /// A response: status, headers (lower-cased names) and the body bytes.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// Response headers with lower-cased names.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// Creates a response.
        public init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    private let client: HTTPClient
    /// The timeout for one request.
    public var timeout: Duration
    /// Headers added to every request (from `--header`).
    public var extraHeaders: [(String, String)]
    /// Where every exchange is traced (`--trace`), if anywhere.
    public var trace: TraceRecorder?

    /// One process-wide client that does not retry failed connection attempts on its own:
    /// the engine has its own backoff, and a wrong URL should fail in milliseconds, not after
    /// the request timeout. It lives as long as the process, like `HTTPClient.shared`.
    static let engineClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        if let tls = TransportDefaults.current.tls.configuration() { configuration.tlsConfiguration = tls }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Creates a transport on the process-wide client; headers and trace default to ``TransportDefaults/current``.
    public init(
        timeout: Duration = .seconds(15), extraHeaders: [(String, String)]? = nil, trace: TraceRecorder?? = nil
    ) {
        self.client = Self.engineClient
        self.timeout = timeout
        self.extraHeaders = extraHeaders ?? TransportDefaults.current.extraHeaders
        self.trace = trace ?? TransportDefaults.current.trace
    }

    /// Sends a request and collects the whole response (at most 8 MiB).
    public func send(
        method: String, url: String, headers: [(String, String)], body: Data?
    ) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        let allHeaders = headers + extraHeaders
        for (name, value) in allHeaders { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let started = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(Int64(timeout.seconds * 1e9)))
            var collected = try await response.body.collect(upTo: 8 << 20)
            let bytes = collected.readBytes(length: collected.readableBytes) ?? []
            var headerMap: [String: String] = [:]
            for header in response.headers { headerMap[header.name.lowercased()] = header.value }
            trace?.http(
                method: method, url: url, requestHeaders: allHeaders, requestBody: body, status: Int(response.status.code),
                responseBody: Data(bytes), error: nil, duration: .now - started)
            return Response(status: Int(response.status.code), headers: headerMap, body: Data(bytes))
        } catch let error as BackendError {
            trace?.http(
                method: method, url: url, requestHeaders: allHeaders, requestBody: body, status: nil, responseBody: nil,
                error: error.description, duration: .now - started)
            throw error
        } catch {
            trace?.http(
                method: method, url: url, requestHeaders: allHeaders, requestBody: body, status: nil, responseBody: nil,
                error: Self.describe(error), duration: .now - started)
            throw BackendError.network(Self.describe(error))
        }
    }

    /// Sends JSON and returns the response.
    public func postJSON(url: String, headers: [(String, String)], body: some Encodable) async throws -> Response {
        let data = try JSONEncoder().encode(body)
        return try await send(
            method: "POST", url: url, headers: [("Content-Type", "application/json")] + headers, body: data)
    }

    /// Makes a call the session core asked for; a failure before any answer says why and where.
    public func execute(_ request: HTTPRequest) async -> HTTPResult {
        do {
            let response = try await send(
                method: request.method, url: request.url, headers: request.headers.map { ($0.name, $0.value) }, body: request.body)
            return .response(HTTPResponse(status: response.status, headers: response.headers, body: response.body))
        } catch let error as BackendError {
            if case .network(let detail) = error { return .failure(Self.located(detail, url: request.url)) }
            return .failure(error.description)
        } catch {
            return .failure(Self.located(Self.describe(error), url: request.url))
        }
    }

    /// `detail (host:port)`, unless the detail names the place already.
    static func located(_ detail: String, url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return detail }
        let port = components.port ?? (components.scheme == "https" || components.scheme == "wss" ? 443 : 80)
        let place = "\(host):\(port)"
        return detail.contains(place) ? detail : "\(detail) (\(place))"
    }

    /// A short description of a transport error for users.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("deadlineExceeded") { return "timed out" }
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("remoteConnectionClosed") { return "connection closed by the server" }
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
