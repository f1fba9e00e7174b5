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

    /// Sets a header whose name was built at run time (names are validated once, never force-unwrapped).
    static func set(_ name: HTTPField.Name?, _ value: String, in headers: inout HTTPFields) {
        if let name { headers[name] = value }
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

    /// Reads a whole request body (up to 1 MiB).
    static func body(of request: Request) async throws -> Data {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        return Data(buffer.readableBytesView)
    }
}
