import ChatEngine
import Foundation

/// The two bootstrap calls (spec §2): `POST /access-token` and `POST /sessions`, with the
/// SDK's retry rules (4 attempts, 1 s after a transport error or 5xx, 429 honours Retry-After
/// up to 30 s) and error mapping. The API key and tokens are never logged.
struct PolyAIRESTClient: Sendable {
    /// The REST base including `/api/v1`.
    let restBase: String
    /// The HTTP transport.
    let transport: HTTPTransport
    /// How waits between attempts happen (injected by tests).
    let sleep: @Sendable (Duration) async throws -> Void
    /// Attempts per call.
    var maxAttempts = 4

    /// Error codes that mean the connector (API key / host) is invalid.
    static let invalidConnectorCodes: Set<String> = [
        "Error parsing request", "Missing authentication headers", "Unable to get agent details from connector service",
        "Failed to validate connector", "Connector token does not exist", "Connector missing host domain",
    ]

    /// Obtains an access token for the connector token and host.
    func accessToken(apiKey: String, hostId: String) async throws -> (token: String, expiresIn: Int) {
        let headers = [("X-Token", apiKey), ("X-Host", hostId)]
        let object = try await post("/access-token", headers: headers, body: Data("{}".utf8), isTokenCall: true)
        guard let token = object.nonEmpty("access_token"), PolyAIJWT.isUsable(token, now: Date()) else {
            throw PolyAIError.badAPIKey("the server returned no usable access token")
        }
        return (token, object.int("expires_in") ?? 3600)
    }

    /// Creates a session bound to `accessToken`; returns its id.
    func createSession(accessToken: String, streaming: Bool) async throws -> String {
        let body = Data(#"{"streaming_enabled":\#(streaming),"platform":"custom","device_type":"desktop"}"#.utf8)
        let headers = [("Authorization", "Bearer \(accessToken)"), ("User-Agent", "Helpline/0.1 (Linux; terminal)")]
        let object = try await post("/sessions", headers: headers, body: body, isTokenCall: false)
        guard let id = object.nonEmpty("session_id") else {
            throw PolyAIError.protocolError("session creation returned no session_id")
        }
        return id
    }

    private func post(_ path: String, headers: [(String, String)], body: Data, isTokenCall: Bool) async throws
        -> PolyAIJSON
    {
        var lastFailure = "no attempt made"
        for attempt in 1...maxAttempts {
            let all = [
                ("Accept", "application/json"), ("Content-Type", "application/json"),
                ("X-Polyai-Correlation-Id", UUID().uuidString),
            ] + headers
            let response: HTTPTransport.Response
            do {
                response = try await transport.send(method: "POST", url: restBase + path, headers: all, body: body)
            } catch {
                lastFailure = ChatSessionErrorText.describe(error) + Self.hostSuffix(restBase)
                if attempt < maxAttempts { try await sleep(.seconds(1)) }
                continue
            }
            switch response.status {
            case 200...299:
                guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
                    throw PolyAIError.protocolError("Invalid JSON response from \(path)")
                }
                return PolyAIJSON(object)
            case 401, 403:
                let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
                let detail = (object["message"] as? String).map { "\($0), " } ?? ""
                throw PolyAIError.badAPIKey("\(detail)HTTP \(response.status) from \(path)")
            case 429:
                let wait = min(Int(response.headers["retry-after"] ?? "") ?? 5, 30)
                lastFailure = "HTTP 429 (rate limited)"
                if attempt < maxAttempts { try await sleep(.seconds(wait)) }
            case 500...599:
                lastFailure = "HTTP \(response.status) from \(path)"
                if attempt < maxAttempts { try await sleep(.seconds(1)) }
            default:
                let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
                let code = (object["message"] as? String) ?? (object["error"] as? String) ?? "HTTP \(response.status)"
                if Self.invalidConnectorCodes.contains(code) || isTokenCall { throw PolyAIError.badAPIKey(code) }
                if response.status == 404 { throw PolyAIError.sessionExpired }
                throw PolyAIError.protocolError("session creation failed: \(code)")
            }
        }
        throw PolyAIError.network(lastFailure)
    }
}

extension PolyAIRESTClient {
    /// " (host:port)" of a URL, to say where a network failure happened.
    static func hostSuffix(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return "" }
        return " (\(host)\(components.port.map { ":\($0)" } ?? ""))"
    }
}

/// Short descriptions of transport errors.
enum ChatSessionErrorText {
    /// The engine's wording for an error without its category (the caller adds its own), or a short fallback.
    static func describe(_ error: any Error) -> String {
        if case BackendError.network(let detail) = error { return detail }
        if let error = error as? BackendError { return error.description }
        return String(String(describing: error).prefix(160))
    }
}
