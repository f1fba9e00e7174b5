import Foundation
import HTTPTypes
import Hummingbird

/// Header names and response builders shared by the demo's HTTP routes.
enum HTTPSupport {
    static let requestIdName = HTTPField.Name("x-amzn-RequestId")
    static let errorTypeName = HTTPField.Name("x-amzn-ErrorType")
    static let bearerName = HTTPField.Name("X-Amz-Bearer")
    static let allowOriginName = HTTPField.Name("Access-Control-Allow-Origin")
    static let allowHeadersName = HTTPField.Name("Access-Control-Allow-Headers")
    static let allowMethodsName = HTTPField.Name("Access-Control-Allow-Methods")
    static let allowCredentialsName = HTTPField.Name("Access-Control-Allow-Credentials")
    static let exposeHeadersName = HTTPField.Name("Access-Control-Expose-Headers")
    /// Internal response header through which a route names its contact for the log (never sent).
    static let contactName = HTTPField.Name("x-helpline-contact")
    /// Largest request body the REST routes read (attachment bytes have their own limit).
    static let maxBodySize = 1 << 20

    /// Sets (or with nil removes) a header whose name was built at run time (never force-unwrapped).
    static func set(_ name: HTTPField.Name?, _ value: String?, in headers: inout HTTPFields) {
        if let name { headers[name] = value }
    }

    /// Names the contact a response is about, for the request log (the front door removes the header).
    static func noting(contact contactId: String?, _ response: Response) -> Response {
        var response = response
        if let contactId { set(contactName, contactId, in: &response.headers) }
        return response
    }

    /// A JSON response with the given status and extra headers.
    static func json(_ body: Data, status: Int, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "application/json"
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A Participant Service response: `x-amzn-RequestId` always, `x-amzn-ErrorType` on errors.
    static func participant(_ result: Result<Data, ParticipantServiceError>) -> Response {
        var headers = HTTPFields()
        set(requestIdName, UUID().uuidString.lowercased(), in: &headers)
        switch result {
        case .success(let body):
            return json(body, status: 200, headers: headers)
        case .failure(let error):
            set(errorTypeName, error.type, in: &headers)
            return json(WireJSON.data(["message": error.message]), status: error.status, headers: headers)
        }
    }

    /// Reads a whole request body (up to 1 MiB; more throws HTTPError 413, which the front door answers).
    static func body(of request: Request) async throws -> Data {
        let buffer = try await request.body.collect(upTo: maxBodySize)
        return Data(buffer.readableBytesView)
    }
}
