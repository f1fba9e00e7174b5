import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SessionCore

/// A JSON-over-HTTP client for backends, built on AsyncHTTPClient.
public struct HTTPTransport: Sendable {
    /// A response: status, headers (lower-cased names) and the body bytes; the same value the
    /// session core reads REST answers as.
    public typealias Response = HTTPResponse

    /// The timeout for one request.
    public var timeout: Duration
    /// Headers, trace, TLS and proxies for every request (and for the session's sockets).
    public var settings: TransportSettings

    /// Creates a transport with `settings` on the process-wide connection pools (one per proxy and TLS setting).
    public init(settings: TransportSettings, timeout: Duration = .seconds(15)) {
        self.settings = settings
        self.timeout = timeout
    }

    /// Headers added to every request (from `--header`).
    var extraHeaders: [(String, String)] { settings.extraHeaders }
    /// Where every exchange is traced (`--trace`), if anywhere.
    var trace: TraceRecorder? { settings.trace }
    /// Which proxy each request goes through.
    var proxy: ProxyRules { settings.proxy }

    /// Sends a request and collects the whole response (at most 8 MiB), following redirects as
    /// ``RedirectRule`` allows; throws ``BackendError/redirectRefused(_:)`` for one it does not.
    public func send(
        method: String, url: String, headers: [(String, String)], body: Data?
    ) async throws -> Response {
        let allHeaders = headers + extraHeaders
        var hop = RedirectRule.Hop(method: method, url: url, keepsBody: true)
        for _ in 0...RedirectRule.maxHops {
            let sent = hop.keepsBody ? allHeaders : allHeaders.filter { !Self.describesBody($0.0) }
            let response = try await exchange(method: hop.method, url: hop.url, headers: sent, body: hop.keepsBody ? body : nil)
            switch RedirectRule.decide(
                status: response.status, location: response.headers["location"], method: hop.method, url: hop.url, headers: sent)
            {
            case .answer:
                return response
            case .follow(let next):
                hop = RedirectRule.Hop(method: next.method, url: next.url, keepsBody: hop.keepsBody && next.keepsBody)
            case .refuse(let redirect):
                // (The redirect itself is traced above as the answer it was.)
                throw BackendError.redirectRefused(redirect)
            }
        }
        throw BackendError.network(TransportFailure(.other, Self.located("more than \(RedirectRule.maxHops) redirects", url: url)))
    }

    /// True for the headers that describe a body, dropped with it when a redirect turns a call into a `GET`.
    private static func describesBody(_ name: String) -> Bool {
        ["content-type", "content-length"].contains(name.lowercased())
    }

    /// One request and its whole answer, traced; no redirect is followed.
    private func exchange(method: String, url: String, headers allHeaders: [(String, String)], body: Data?) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in allHeaders { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let started = ContinuousClock.now
        let route = HTTPRoute(url: url, rules: proxy)
        do {
            let response = try await route.execute(
                request, bodyLength: body.map { Int64($0.count) }, timeout: timeout, tls: settings.tls, followsRedirects: false)
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
            let failure = await NetworkErrorText.explain(error, url: url, proxy: route.proxy)
            trace?.http(
                method: method, url: url, requestHeaders: allHeaders, requestBody: body, status: nil, responseBody: nil,
                error: failure.detail, duration: .now - started)
            throw BackendError.network(failure)
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
            if case .network(let failure) = error { return .failure(failure) }
            if case .redirectRefused(let redirect) = error { return .redirectRefused(redirect) }
            return .failure(TransportFailure(.other, error.description))
        } catch {
            return .failure(NetworkErrorText.classify(error).rephrased { Self.located($0, url: request.url) })
        }
    }

    /// `detail (host:port)`, or `detail (host:port via proxy P)`, unless the detail names the place already.
    static func located(_ detail: String, url: String, proxy: ProxyServer? = nil) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return detail }
        let port = components.port ?? (components.scheme == "https" || components.scheme == "wss" ? 443 : 80)
        let place = "\(host):\(port)"
        guard !detail.contains(place) else { return detail }
        return proxy.map { "\(detail) (\(place) via proxy \($0))" } ?? "\(detail) (\(place))"
    }

    /// A short description of a transport error for users (see ``NetworkErrorText``).
    public static func describe(_ error: any Error) -> String {
        NetworkErrorText.describe(error)
    }
}
