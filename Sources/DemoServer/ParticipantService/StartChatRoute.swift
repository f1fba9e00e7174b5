import Foundation
import Hummingbird

/// `POST /Prod`: the `startChatContactAPI` template backend (API Gateway + Lambda) in front of StartChatContact.
struct StartChatRoute: Sendable {
    let hub: ContactCenterHub
    let now: @Sendable () -> Date

    static let allowedHeaders = "Content-Type,X-Amz-Date,Authorization,X-Api-Key,X-Amz-Security-Token"
    static let contentTypes: Set<String> = [
        "text/plain", "text/markdown", "application/json",
        "application/vnd.amazonaws.connect.message.interactive",
        "application/vnd.amazonaws.connect.message.interactive.response",
    ]

    /// A StartChatContact failure, serialised like an aws-sdk v2 error.
    struct TemplateError: Error {
        var status: Int
        var code: String
        var message: String
    }

    /// Adds `POST /Prod` (its CORS preflight is answered by the front door, ``CORSPolicy/template``).
    func add(to router: Router<BasicRequestContext>) {
        router.post("/Prod") { request, _ -> Response in
            let body = (try? await HTTPSupport.body(of: request)) ?? Data()
            return await handle(body)
        }
    }

    /// Runs the Lambda's logic on a raw body.
    func handle(_ body: Data) async -> Response {
        // JSON.parse(event.body) then body.ParticipantDetails.DisplayName: a TypeError has no statusCode → 502.
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) as? [String: Any],
            let details = object["ParticipantDetails"] as? [String: Any]
        else { return Self.badGateway() }
        guard let name = details["DisplayName"] as? String, !name.isEmpty else { return Self.badGateway() }
        do {
            let types = try Self.contentTypes(object["SupportedMessagingContentTypes"])
            let duration = try Self.duration(object["ChatDurationInMinutes"])
            let source = try await persistentSource(object["PersistentChat"])
            let started = await hub.startChat(
                displayName: name, supportedContentTypes: types, durationMinutes: duration, continuedFrom: source)
            var result: [String: String] = [
                "ContactId": started.contactId, "ParticipantId": started.participantId,
                "ParticipantToken": started.participantToken,
            ]
            if let source { result["ContinuedFromContactId"] = source }
            let permissions: [String: Bool] = types.map { ["MESSAGING_MARKDOWN": $0.contains("text/markdown")] } ?? [:]
            let reply = StartChatReply(data: .init(startChatResult: result, featurePermissions: permissions))
            var headers = HTTPFields()
            HTTPSupport.set(HTTPSupport.allowOriginName, "*", in: &headers)
            HTTPSupport.set(HTTPSupport.allowCredentialsName, "true", in: &headers)
            HTTPSupport.set(HTTPSupport.allowHeadersName, Self.allowedHeaders, in: &headers)
            return HTTPSupport.noting(contact: started.contactId,
                                      HTTPSupport.json(WireJSON.data(reply), status: 200, headers: headers))
        } catch let error as TemplateError {
            return errorResponse(error)
        } catch {
            return Self.badGateway()
        }
    }

    /// The API Gateway answer when the Lambda throws without a status code.
    static func badGateway() -> Response {
        HTTPSupport.json(Data(#"{"message":"Internal server error"}"#.utf8), status: 502)
    }

    private func errorResponse(_ error: TemplateError) -> Response {
        let body: [String: Any] = [
            "data": [
                "Error": [
                    "message": error.message, "code": error.code, "time": ConnectTime.string(now()),
                    "requestId": UUID().uuidString.lowercased(), "statusCode": error.status, "retryable": false,
                    "retryDelay": Double(Int.random(in: 1000...99999)) / 1000,
                ] as [String: Any]
            ]
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.withoutEscapingSlashes])) ?? Data()
        var headers = HTTPFields()
        HTTPSupport.set(HTTPSupport.allowOriginName, "*", in: &headers)
        return HTTPSupport.json(data, status: error.status, headers: headers)
    }

    private static func contentTypes(_ value: Any?) throws -> [String]? {
        guard let value, !(value is NSNull) else { return nil }
        guard let list = value as? [String] else {
            throw TemplateError(status: 400, code: "InvalidParameterException",
                                message: "SupportedMessagingContentTypes must be a list of strings")
        }
        guard list.contains("text/plain"), list.allSatisfy({ contentTypes.contains($0) }) else {
            throw TemplateError(
                status: 400, code: "InvalidRequestException",
                message: "SupportedMessagingContentTypes must include text/plain and only supported content types.")
        }
        return list
    }

    private static func duration(_ value: Any?) throws -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, let minutes = Int(exactly: number.doubleValue) else {
            throw TemplateError(status: 400, code: "InvalidParameterException",
                                message: "ChatDurationInMinutes must be a whole number")
        }
        let prefix = "1 validation error detected: Value '\(minutes)' at 'chatDurationInMinutes' failed to satisfy "
            + "constraint: Member must have value "
        if minutes < 60 {
            throw TemplateError(status: 400, code: "InvalidParameterException", message: prefix + "greater than or equal to 60")
        }
        if minutes > 10080 {
            throw TemplateError(status: 400, code: "InvalidParameterException", message: prefix + "less than or equal to 10080")
        }
        return minutes
    }

    /// `PersistentChat` is forwarded only when both members are present; the source must be an ended chat.
    private func persistentSource(_ value: Any?) async throws -> String? {
        guard let chat = value as? [String: Any], let type = chat["RehydrationType"] as? String,
            let source = chat["SourceContactId"] as? String
        else { return nil }
        guard type == "ENTIRE_PAST_SESSION" || type == "FROM_SEGMENT" else {
            throw TemplateError(status: 400, code: "InvalidParameterException",
                                message: "RehydrationType must be ENTIRE_PAST_SESSION or FROM_SEGMENT")
        }
        guard await hub.isEndedContact(source) else {
            throw TemplateError(status: 400, code: "InvalidRequestException",
                                message: "SourceContactId must be a chat contact that has ended.")
        }
        return source
    }
}

/// Success body of the template: `{"data":{"startChatResult":{…},"featurePermissions":{…}}}`.
struct StartChatReply: Encodable {
    struct Payload: Encodable {
        var startChatResult: [String: String]
        var featurePermissions: [String: Bool]
    }
    var data: Payload
}
