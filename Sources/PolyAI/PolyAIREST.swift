import Foundation
import SessionCore

/// The two bootstrap calls (spec §2): `POST /access-token` and `POST /sessions`, with the SDK's
/// retry rules (4 attempts, 1 s after a transport error or 5xx, 429 honours Retry-After up to 30 s)
/// and error mapping. The API key and tokens are never logged.
enum PolyAIREST {
    /// Attempts per call.
    static let maxAttempts = 4

    /// Error codes that mean the connector (API key / host) is invalid.
    static let invalidConnectorCodes: Set<String> = [
        "Error parsing request", "Missing authentication headers", "Unable to get agent details from connector service",
        "Failed to validate connector", "Connector token does not exist", "Connector missing host domain",
    ]

    /// What to do with one answer.
    enum Outcome {
        /// The JSON object of a 2xx answer.
        case json(PolyAIJSON)
        /// Try again after this pause (a transport error, 5xx or 429); `failure` says why if it was the last try.
        case retry(Duration, failure: TransportFailure)
        /// Failed for good.
        case failed(PolyAIError)
    }

    /// `POST /access-token` with the connector token and host.
    static func accessTokenRequest(restBase: String, apiKey: String, hostId: String, correlation: String) -> HTTPRequest {
        request(restBase + "/access-token", correlation: correlation, headers: [HTTPHeader("X-Token", apiKey), HTTPHeader("X-Host", hostId)],
            body: Data("{}".utf8))
    }

    /// `POST /sessions` bound to the access token.
    static func sessionRequest(restBase: String, accessToken: String, streaming: Bool, correlation: String) -> HTTPRequest {
        let body = Data(#"{"streaming_enabled":\#(streaming),"platform":"custom","device_type":"desktop"}"#.utf8)
        return request(restBase + "/sessions", correlation: correlation,
            headers: [HTTPHeader("Authorization", "Bearer \(accessToken)"), HTTPHeader("User-Agent", "Helpline/0.1 (Linux; terminal)")],
            body: body)
    }

    private static func request(_ url: String, correlation: String, headers: [HTTPHeader], body: Data) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: url,
            headers: [
                HTTPHeader("Accept", "application/json"), HTTPHeader("Content-Type", "application/json"),
                HTTPHeader("X-Polyai-Correlation-Id", correlation),
            ] + headers,
            body: body)
    }

    /// Reads one answer of `url` (the token call when `isTokenCall`).
    static func read(_ result: HTTPResult, url: String, isTokenCall: Bool) -> Outcome {
        let path = URL(string: url)?.path ?? url
        let response: HTTPResponse
        switch result {
        case .failure(let failure):
            return .retry(.seconds(1), failure: failure.rephrased { $0 + hostSuffix(url, unless: $0) })
        case .redirectRefused(let redirect):
            // Not a refused key: the key never reached anyone but the server it is for.
            return .failed(.redirectRefused(redirect))
        case .response(let answer):
            response = answer
        }
        let object = PolyAIJSON.parse(response.body)
        switch response.status {
        case 200...299:
            guard let object else { return .failed(.protocolError("Invalid JSON response from \(path)")) }
            return .json(object)
        case 401, 403:
            let detail = object?.string("message").map { "\($0), " } ?? ""
            return .failed(.badAPIKey("\(detail)HTTP \(response.status) from \(path)"))
        case 429:
            // Retry-After is taken within 0…30 s: a negative value would not be a pause.
            let wait = max(0, min(Int(response.headers["retry-after"] ?? "") ?? 5, 30))
            return .retry(.seconds(wait), failure: TransportFailure(.other, "HTTP 429 (rate limited)"))
        case 500...599:
            return .retry(.seconds(1), failure: TransportFailure(.other, "HTTP \(response.status) from \(path)"))
        case 404 where isTokenCall:
            // Not a refused key: nothing answers PolyAI's token call at this address.
            return .failed(.invalidConfiguration("no PolyAI messaging API at \(url) (HTTP 404); check --environment or --rest-url"))
        default:
            let code = object?.string("message") ?? object?.string("error") ?? "HTTP \(response.status)"
            if invalidConnectorCodes.contains(code) { return .failed(.badAPIKey(code)) }
            if isTokenCall { return .failed(.protocolError("the access-token call failed: \(code) (HTTP \(response.status))")) }
            if response.status == 404 { return .failed(.sessionExpired) }
            return .failed(.protocolError("session creation failed: \(code)"))
        }
    }

    /// " (host:port)" of a URL, to say where a network failure happened, unless `detail` names it.
    static func hostSuffix(_ url: String, unless detail: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return "" }
        let place = host + (components.port.map { ":\($0)" } ?? "")
        return detail.contains(place) ? "" : " (\(place))"
    }
}
