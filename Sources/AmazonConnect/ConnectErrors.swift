import Foundation
import SessionCore

/// How the Participant Service's answers read as errors (spec §2.1).
enum ConnectErrors {
    /// An error answer: type from `x-amzn-ErrorType` (cut at `:` or `,`), else body `code`/`__type`;
    /// message from `message` or `Message`.
    static func error(from response: HTTPResponse) -> BackendError {
        let object = JSONValue(parsing: response.body) ?? .object([:])
        var type = response.headers["x-amzn-errortype"].map { header in
            String(header.prefix { $0 != ":" && $0 != "," })
        }
        if type == nil || type?.isEmpty == true {
            type = object["code"]?.string ?? object["__type"]?.string.map { raw in
                String(raw.split(separator: "#").last ?? Substring(raw))
            }
        }
        let name = type ?? "HTTP\(response.status)"
        let message = object["message"]?.string ?? object["Message"]?.string ?? "no details"
        switch response.status {
        case 403: return .accessDenied(message)
        case 429, 500...599: return .unavailable(status: response.status, type: name, message: message)
        default: return .rejected(status: response.status, type: name, message: message)
        }
    }

    /// The decoded 200 answer of an operation, or the error it answered with.
    static func decode<Response: Decodable>(
        _ result: HTTPResult, _ operation: String, as type: Response.Type
    ) -> Result<Response, BackendError> {
        switch result {
        case .failure(let failure):
            return .failure(.network(failure))
        case .redirectRefused(let redirect):
            return .failure(.redirectRefused(redirect))
        case .response(let response):
            guard response.status == 200 else { return .failure(error(from: response)) }
            do {
                let body = response.body.isEmpty ? Data("{}".utf8) : response.body
                return .success(try JSONDecoder().decode(Response.self, from: body))
            } catch {
                return .failure(.protocolViolation("\(operation) answered with a body that is not the expected JSON"))
            }
        }
    }
}

/// An empty JSON answer (`{}`) or one whose fields are not needed.
struct EmptyAnswer: Decodable {}
