import Foundation
import Hummingbird

/// The `/participant/*` REST routes of the Participant Service.
struct ParticipantRoutes: Sendable {
    let hub: ContactCenterHub
    let fallbackAuthority: String
    /// TLS on: socket URLs are `wss://` and attachment URLs `https://`.
    var secure = false
    /// The host and port socket URLs name (`127.0.0.1` for a loopback request, where it reaches us).
    var sockets = SocketAuthority()

    /// Adds the routes to a router.
    func add(to router: Router<BasicRequestContext>) {
        let fallbackAuthority = self.fallbackAuthority
        let (web, socket) = secure ? ("https", "wss") : ("http", "ws")
        let sockets = self.sockets
        let secure = self.secure
        // Where a request came to, as the base of the web links answered to it (attachments, sign-in).
        let webBase: @Sendable (Request) -> String = { "\(web)://\($0.head.authority ?? fallbackAuthority)" }
        route(router, "/participant/connection") { hub, token, body, request in
            let input = try WireJSON.decode(CreateConnectionRequest.self, from: body)
            let authority = sockets.authority(for: request.head.authority ?? fallbackAuthority, secure: secure)
            return try await hub.createConnection(
                participantToken: token, request: input, socketBase: "\(socket)://\(authority)")
        }
        route(router, "/participant/message") { hub, token, body, _ in
            try await hub.sendMessage(connectionToken: token, request: WireJSON.decode(SendMessageRequest.self, from: body))
        }
        route(router, "/participant/event") { hub, token, body, _ in
            try await hub.sendEvent(connectionToken: token, request: WireJSON.decode(SendEventRequest.self, from: body))
        }
        route(router, "/participant/transcript") { hub, token, body, _ in
            try await hub.transcript(
                connectionToken: token, request: WireJSON.decode(GetTranscriptRequest.self, from: body))
        }
        route(router, "/participant/start-attachment-upload") { hub, token, body, request in
            try await hub.startAttachmentUpload(
                connectionToken: token, request: WireJSON.decode(StartAttachmentUploadRequest.self, from: body),
                base: webBase(request))
        }
        route(router, "/participant/complete-attachment-upload") { hub, token, body, _ in
            try await hub.completeAttachmentUpload(
                connectionToken: token, request: WireJSON.decode(CompleteAttachmentUploadRequest.self, from: body))
        }
        route(router, "/participant/attachment") { hub, token, body, request in
            try await hub.getAttachment(
                connectionToken: token, request: WireJSON.decode(GetAttachmentRequest.self, from: body),
                base: webBase(request))
        }
        route(router, "/participant/authentication-url") { hub, token, body, request in
            try await hub.authenticationURL(
                connectionToken: token, request: WireJSON.decode(GetAuthenticationUrlRequest.self, from: body),
                base: webBase(request))
        }
        route(router, "/participant/cancel-authentication") { hub, token, body, _ in
            try await hub.cancelAuthentication(
                connectionToken: token, request: WireJSON.decode(CancelParticipantAuthenticationRequest.self, from: body))
        }
        route(router, "/participant/disconnect") { hub, token, body, _ in
            try await hub.disconnect(connectionToken: token, request: WireJSON.decode(DisconnectRequest.self, from: body))
        }
    }

    /// One POST route: injected failure first (before any side effect), then the operation.
    private func route(
        _ router: Router<BasicRequestContext>, _ path: RouterPath,
        _ operation: @escaping @Sendable (ContactCenterHub, String?, Data, Request) async throws -> Data
    ) {
        let hub = self.hub
        router.post(path) { request, _ -> Response in
            if let failure = await hub.drawInjectedFailure() {
                return HTTPSupport.participant(.failure(failure))
            }
            let token = HTTPSupport.bearerName.flatMap { request.headers[$0] }
            do {
                let body = try await HTTPSupport.body(of: request)
                return HTTPSupport.participant(.success(try await operation(hub, token, body, request)))
            } catch let error as ParticipantServiceError {
                return HTTPSupport.participant(.failure(error))
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                throw error  // the front door answers 413
            } catch {
                return HTTPSupport.participant(.failure(.validation("Invalid request")))
            }
        }
    }
}
