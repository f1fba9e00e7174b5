import Foundation
import HTTPTypes
import Hummingbird

/// The demo's live-agent desk API for `helpline agent` (not an AWS API; documented in docs/agent-console.md).
struct AgentDeskRoutes: Sendable {
    /// Header carrying the console's token.
    static let tokenName = HTTPField.Name("X-Agent-Token")

    let hub: ContactCenterHub
    /// Whether a call must carry the desk token.
    let access: DeskGuard

    /// Adds the desk routes under `/agent`, each behind ``access``.
    func add(to router: Router<BasicRequestContext>) {
        let hub = self.hub
        let access = self.access
        router.post("/agent/sign-in") { request, _ -> Response in
            if let refusal = access.refusal(request) { return refusal }
            let body = try? JSONDecoder().decode(DeskSignInRequest.self, from: await Self.body(request))
            return await Self.answer { () throws(DeskFailure) in try await hub.agentSignIn(name: body?.name ?? "") }
        }
        router.post("/agent/sign-out") { request, _ -> Response in
            if let refusal = access.refusal(request) { return refusal }
            await hub.agentSignOut(token: Self.token(request))
            return HTTPSupport.json(Data("{}".utf8), status: 200)
        }
        router.get("/agent/queue") { request, _ -> Response in
            if let refusal = access.refusal(request) { return refusal }
            return await Self.answer { () throws(DeskFailure) in try await hub.agentQueue(token: Self.token(request)) }
        }
        router.post("/agent/accept") { request, _ -> Response in
            if let refusal = access.refusal(request) { return refusal }
            let body = try? JSONDecoder().decode(DeskContactRequest.self, from: await Self.body(request))
            return await Self.answer { () throws(DeskFailure) in
                try await hub.agentAccept(token: Self.token(request), contactId: body?.contactId)
            }
        }
        router.post("/agent/release") { request, _ -> Response in
            if let refusal = access.refusal(request) { return refusal }
            let body = try? JSONDecoder().decode(DeskContactRequest.self, from: await Self.body(request))
            return await Self.answer { () throws(DeskFailure) -> [String: String] in
                try await hub.agentRelease(token: Self.token(request), contactId: body?.contactId)
                return [:]
            }
        }
    }

    private static func token(_ request: Request) -> String? {
        tokenName.flatMap { request.headers[$0] }
    }

    private static func body(_ request: Request) async -> Data {
        let data = (try? await HTTPSupport.body(of: request)) ?? Data()
        return data.isEmpty ? Data("{}".utf8) : data
    }

    /// 200 with the JSON result, or the failure's status with `{"message": …}`.
    private static func answer<T: Encodable>(_ work: () async throws(DeskFailure) -> T) async -> Response {
        do {
            return HTTPSupport.json(WireJSON.data(try await work()), status: 200)
        } catch {
            return HTTPSupport.json(WireJSON.data(["message": error.message]), status: error.status)
        }
    }
}
