import Foundation
import HTTPTypes
import Hummingbird

/// The PolyAI Messaging REST bootstrap: `POST /api/v1/access-token` and `POST /api/v1/sessions` (spec §2).
struct PolyAIRoutes: Sendable {
    /// The REST base path.
    static let basePath = "/api/v1"

    let hub: ContactCenterHub

    /// Adds both routes.
    func add(to router: Router<BasicRequestContext>) {
        router.post("\(Self.basePath)/access-token") { request, _ -> Response in
            await hub.polyAICount("access-token")
            if let failure = await injectedFailure() { return failure }
            let apiKey = HTTPField.Name("X-Token").flatMap { request.headers[$0] }
            let host = HTTPField.Name("X-Host").flatMap { request.headers[$0] }
            switch await hub.polyAIAccessToken(apiKey: apiKey, host: host) {
            case .success(let token):
                return Self.json(["access_token": token, "expires_in": 86400, "token_type": "Bearer"], status: 200)
            case .failure(let failure):
                return Self.json(["message": failure.message], status: failure.status)
            }
        }
        router.post("\(Self.basePath)/sessions") { request, _ -> Response in
            await hub.polyAICount("sessions")
            if let failure = await injectedFailure() { return failure }
            let authorization = request.headers[.authorization] ?? ""
            let token = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : nil
            let body = try await HTTPSupport.body(of: request)
            // The body is optional; one that is there must be a JSON object.
            let parsed = body.isEmpty ? [:] : (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
            guard let object = parsed else { return Self.json(["message": "Error parsing request"], status: 400) }
            // The documented server default is false; the SDKs always send the field.
            let streaming = object["streaming_enabled"] as? Bool ?? false
            switch await hub.polyAICreateSession(accessToken: token, streaming: streaming) {
            case .success(let sessionId):
                let contactId = await hub.polyAI.sessions[sessionId]?.contactId
                return HTTPSupport.noting(contact: contactId, Self.json(["session_id": sessionId], status: 200))
            case .failure(let failure):
                return Self.json(["message": failure.message], status: failure.status)
            }
        }
    }

    /// The shared `rest-fail` fault, answered PolyAI-style (500 with a `message`).
    private func injectedFailure() async -> Response? {
        guard await hub.drawInjectedFailure() != nil else { return nil }
        return Self.json(["message": "Internal server error"], status: 500)
    }

    private static func json(_ object: [String: Any], status: Int) -> Response {
        HTTPSupport.json(Data(PolyAIServerWire.json(object).utf8), status: status)
    }
}
