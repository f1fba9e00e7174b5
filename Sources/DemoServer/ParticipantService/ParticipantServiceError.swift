import Foundation

/// An error the Participant Service answers with: HTTP status, `x-amzn-ErrorType` and `{"message":…}`.
struct ParticipantServiceError: Error, Equatable, Sendable {
    var status: Int
    var type: String
    var message: String

    /// 403: wrong or expired token, wrong token kind, or the chat has ended.
    static let accessDenied = ParticipantServiceError(status: 403, type: "AccessDeniedException", message: "Access denied")
    /// 429: request throttled.
    static let throttling = ParticipantServiceError(status: 429, type: "ThrottlingException", message: "Rate exceeded")
    /// 500: internal failure.
    static let internalServer = ParticipantServiceError(
        status: 500, type: "InternalServerException", message: "Internal server error")
    /// 409 on receipts when the contact's state forbids them.
    static let conflict = ParticipantServiceError(
        status: 409, type: "ConflictException",
        message: "Operation can not be performed due to the state of the contact.")

    /// 400 with an AWS-style validation message.
    static func validation(_ message: String) -> ParticipantServiceError {
        ParticipantServiceError(status: 400, type: "ValidationException", message: message)
    }

    /// 400 for a member that failed a length constraint, worded like the real service.
    static func length(_ member: String, min: Int, max: Int) -> ParticipantServiceError {
        validation(
            "1 validation error detected: Value at '\(member)' failed to satisfy constraint: "
                + "Member must have length between \(min) and \(max)")
    }

    /// 402: too many attachments on the contact.
    static let serviceQuotaExceeded = ParticipantServiceError(
        status: 402, type: "ServiceQuotaExceededException", message: "The number of attachments exceeds the quota.")
}

/// JSON helpers shared by the REST and socket sides.
enum WireJSON {
    /// Encodes a value to compact JSON bytes (never escaping slashes, to look like the service).
    static func data<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// Encodes a value to a compact JSON string.
    static func string<T: Encodable>(_ value: T) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// Decodes the body, treating an empty body as `{}`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let body = data.isEmpty ? Data("{}".utf8) : data
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw ParticipantServiceError.validation("Invalid request body: could not parse JSON")
        }
    }
}
