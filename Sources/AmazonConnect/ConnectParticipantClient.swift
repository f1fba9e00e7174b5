import ChatEngine
import Foundation

/// The Participant Service REST API (spec §2): JSON POSTs with `X-Amz-Bearer`, AWS-style errors.
struct ConnectParticipantClient: Sendable {
    let endpoint: URL
    let transport: HTTPTransport

    /// Calls one operation and decodes its reply; maps errors per spec §2.1.
    func call<Response: Decodable>(
        _ path: String, token: String, body: some Encodable, as: Response.Type
    ) async throws -> Response {
        let url = endpoint.absoluteString.trimmingSuffix("/") + path
        let response = try await transport.postJSON(url: url, headers: [("X-Amz-Bearer", token)], body: body)
        guard response.status == 200 else { throw Self.error(from: response) }
        do {
            return try JSONDecoder().decode(Response.self, from: response.body.isEmpty ? Data("{}".utf8) : response.body)
        } catch {
            throw BackendError.protocolViolation("\(path) answered with a body that is not the expected JSON")
        }
    }

    /// Calls a GET operation (DescribeView) and decodes its reply.
    func get<Response: Decodable>(_ path: String, token: String, as: Response.Type) async throws -> Response {
        let url = endpoint.absoluteString.trimmingSuffix("/") + path
        let response = try await transport.send(method: "GET", url: url, headers: [("X-Amz-Bearer", token)], body: nil)
        guard response.status == 200 else { throw Self.error(from: response) }
        do {
            return try JSONDecoder().decode(Response.self, from: response.body)
        } catch {
            throw BackendError.protocolViolation("\(path) answered with a body that is not the expected JSON")
        }
    }

    /// Maps an error response: type from `x-amzn-ErrorType` (cut at `:` or `,`), else body `code`/`__type`.
    static func error(from response: HTTPTransport.Response) -> BackendError {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        var type = response.headers["x-amzn-errortype"].map { header in
            String(header.prefix { $0 != ":" && $0 != "," })
        }
        if type == nil || type?.isEmpty == true {
            type = (object["code"] as? String) ?? (object["__type"] as? String).map { raw in
                String(raw.split(separator: "#").last ?? Substring(raw))
            }
        }
        let name = type ?? "HTTP\(response.status)"
        let message = (object["message"] as? String) ?? (object["Message"] as? String) ?? "no details"
        switch response.status {
        case 403: return .accessDenied(message)
        case 429, 500...599: return .unavailable(status: response.status, type: name, message: message)
        default: return .rejected(status: response.status, type: name, message: message)
        }
    }
}

extension String {
    /// The string without one trailing `suffix`.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
