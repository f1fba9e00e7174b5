import Foundation
import HTTPTypes
import Hummingbird

/// What every HTTP request passes through before and after the routes: CORS preflights and headers,
/// the body-size limit, errors turned into answers that say what went wrong, the `latency`/`jitter`
/// faults and the request log line.
struct DemoFrontDoor<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
    typealias Context = BasicRequestContext

    let inner: Inner
    let hub: ContactCenterHub
    let cors: CORSPolicy
    let log: RequestLog
    let sleep: @Sendable (Duration) async throws -> Void

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let path = request.uri.path
        let family = CORSPolicy.family(for: path)
        let origin = request.headers[.origin]
        var response = await answer(request, context: context, family: family, origin: origin)
        if let family, request.method != .options { decorate(&response, family: family, origin: origin) }
        var contactId: String?
        if let name = HTTPSupport.contactName {
            contactId = response.headers[name]
            response.headers[name] = nil
        }
        if contactId == nil, let bearer = HTTPSupport.bearerName.flatMap({ request.headers[$0] }) {
            contactId = await hub.contactId(forToken: bearer)
        }
        if let delay = hub.drawDelay() { try? await sleep(delay) }
        log.line(method: request.method.rawValue, path: path, status: response.status.code, since: started,
                 contactId: contactId)
        return response
    }

    /// The route's answer, or the front door's own (preflight, too large, errors).
    private func answer(_ request: Request, context: Context, family: CORSPolicy.Family?, origin: String?) async
        -> Response
    {
        if request.method == .options, let family { return preflight(request, family: family, origin: origin) }
        let limit = path(request).hasPrefix("/demo-s3/") ? AttachmentRecord.maxSize : HTTPSupport.maxBodySize
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return Self.tooLarge(length: length, limit: limit)
        }
        do {
            let response = try await inner.respond(to: request, context: context)
            if response.status == .notFound, response.body.contentLength ?? 0 == 0 { return Self.noRoute(request) }
            return response
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return Self.tooLarge(length: nil, limit: limit)
        } catch let error as any HTTPResponseError {
            if error.status == .notFound { return Self.noRoute(request) }
            return (try? error.response(from: request, context: context))
                ?? Self.message("Request failed", status: Int(error.status.code))
        } catch {
            return Self.message("Internal error: \(error)", status: 500)
        }
    }

    private func path(_ request: Request) -> String { request.uri.path }

    /// The CORS preflight answer of a route family.
    private func preflight(_ request: Request, family: CORSPolicy.Family, origin: String?) -> Response {
        if let origin, !cors.allows(origin) {
            return Self.message("CORS: the origin \(origin) is not allowed (helpline serve --cors-origin)", status: 403)
        }
        var headers = HTTPFields()
        HTTPSupport.set(HTTPSupport.allowOriginName, cors.allowOriginValue(for: origin) ?? "*", in: &headers)
        HTTPSupport.set(HTTPSupport.allowMethodsName, family.methods, in: &headers)
        let requested = HTTPField.Name("Access-Control-Request-Headers").flatMap { request.headers[$0] }
        if let allowed = family.allowHeaders ?? requested {
            HTTPSupport.set(HTTPSupport.allowHeadersName, allowed, in: &headers)
        }
        if let expose = family.exposeHeaders { HTTPSupport.set(HTTPSupport.exposeHeadersName, expose, in: &headers) }
        HTTPSupport.set(HTTPField.Name("Access-Control-Max-Age"), "86400", in: &headers)
        if cors.origins != nil { HTTPSupport.set(HTTPField.Name("Vary"), "Origin", in: &headers) }
        if let body = family.preflightBody { return HTTPSupport.json(Data(body.utf8), status: 200, headers: headers) }
        return Response(status: .ok, headers: headers)
    }

    /// CORS headers on an actual response (removed for an origin that is not allowed).
    private func decorate(_ response: inout Response, family: CORSPolicy.Family, origin: String?) {
        guard let allowOrigin = cors.allowOriginValue(for: origin) else {
            HTTPSupport.set(HTTPSupport.allowOriginName, nil, in: &response.headers)
            return
        }
        HTTPSupport.set(HTTPSupport.allowOriginName, allowOrigin, in: &response.headers)
        if let expose = family.exposeHeaders {
            HTTPSupport.set(HTTPSupport.exposeHeadersName, expose, in: &response.headers)
        }
        if family.allowCredentials { HTTPSupport.set(HTTPSupport.allowCredentialsName, "true", in: &response.headers) }
        if cors.origins != nil { HTTPSupport.set(HTTPField.Name("Vary"), "Origin", in: &response.headers) }
    }

    /// 413 with `Connection: close` (the rest of the body is not read).
    static func tooLarge(length: Int?, limit: Int) -> Response {
        var response = message(
            "Request body too large" + (length.map { " (\($0) bytes)" } ?? "") + "; the limit is \(limit) bytes",
            status: 413)
        response.headers[.connection] = "close"
        return response
    }

    /// 404 for a path no route serves, in plain text: it names the method and path, and is plainly not
    /// the JSON any route would answer (clients report "not the expected JSON").
    static func noRoute(_ request: Request) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(
            status: .notFound, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: "No route for \(request.method.rawValue) \(request.uri.path)\n")))
    }

    /// A JSON `{"message": …}` answer.
    static func message(_ text: String, status: Int) -> Response {
        HTTPSupport.json(WireJSON.data(["message": text]), status: status)
    }
}
