import AWSSigV4
import AmazonConnect
import ChatEngine
import Foundation
import SessionCore
import Transport

/// Calls Amazon Connect `StartChatContact` itself, signed with SigV4, for teams without a start-chat backend.
public struct StartChatContactClient: Sendable {
    /// The Amazon Connect service URL (`https://connect.{region}.amazonaws.com`, or a test endpoint).
    public var endpoint: URL
    /// The region in the signature scope.
    public var region: String
    /// The credentials to sign with.
    public var credentials: AWSCredentials
    /// The HTTP transport (carries `--header` and tracing).
    public var transport: HTTPTransport
    /// The clock for the signature date.
    public var now: @Sendable () -> Date

    /// The Amazon Connect service URL for a region.
    public static func endpoint(region: String) -> URL? {
        URL(string: "https://connect.\(region).amazonaws.com")
    }

    /// Content types we can show (sent as `SupportedMessagingContentTypes`).
    public static let supportedContentTypes = [
        "text/plain", "text/markdown",
        "application/vnd.amazonaws.connect.message.interactive",
        "application/vnd.amazonaws.connect.message.interactive.response",
    ]

    /// Creates a client.
    public init(
        endpoint: URL, region: String, credentials: AWSCredentials, transport: HTTPTransport = HTTPTransport(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.endpoint = endpoint
        self.region = region
        self.credentials = credentials
        self.transport = transport
        self.now = now
    }

    /// `PUT /contact/chat`; returns the started chat (the participant token is a credential).
    public func start(instanceId: String, contactFlowId: String, displayName: String) async throws -> StartedChat {
        let body = try JSONEncoder().encode(
            StartChatContactRequest(
                instanceId: instanceId, contactFlowId: contactFlowId, participantDetails: .init(displayName: displayName),
                supportedMessagingContentTypes: Self.supportedContentTypes, clientToken: UUID().uuidString.lowercased()))
        let path = "/contact/chat"
        guard let host = endpoint.host else { throw BackendError.protocolViolation("the Amazon Connect URL has no host") }
        let hostHeader = endpoint.port.map { "\(host):\($0)" } ?? host
        let basePath = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        let headers = [("Content-Type", "application/json")]
        let signature = SigV4Signer(credentials: credentials, region: region, service: "connect").sign(
            method: "PUT", host: hostHeader, path: basePath + path, query: "", headers: headers + [("Host", hostHeader)],
            body: body, date: now())
        let url = endpoint.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path
        let response: HTTPTransport.Response
        do {
            response = try await transport.send(method: "PUT", url: url, headers: headers + signature.addedHeaders, body: body)
        } catch let error as BackendError {
            if case .network(let detail) = error {
                throw BackendError.network("could not reach Amazon Connect at \(endpoint.absoluteString): \(detail)")
            }
            throw error
        }
        guard response.status == 200 else { throw Self.error(for: response) }
        guard let reply = try? JSONDecoder().decode(StartChatContactResponse.self, from: response.body),
              let token = reply.participantToken, !token.isEmpty
        else {
            throw BackendError.protocolViolation("StartChatContact answered without a ParticipantToken")
        }
        return StartedChat(
            participantToken: token, participantId: reply.participantId, contactId: reply.contactId,
            markdownAllowed: true, continuedFromContactId: reply.continuedFromContactId)
    }

    private static func error(for response: HTTPTransport.Response) -> BackendError {
        let decoded = try? JSONDecoder().decode(AWSErrorBody.self, from: response.body)
        let type = response.headers["x-amzn-errortype"].map { String($0.split(separator: ":").first ?? "") }
            ?? decoded?.type ?? "HTTP\(response.status)"
        let message = decoded?.message ?? decoded?.upperMessage ?? "no details"
        if response.status == 403 {
            return .accessDenied("StartChatContact: \(message) (check the AWS credentials and the connect:StartChatContact permission)")
        }
        if response.status == 429 || response.status >= 500 {
            return .unavailable(status: response.status, type: type, message: "StartChatContact: \(message)")
        }
        return .rejected(status: response.status, type: type, message: "StartChatContact: \(message)")
    }
}
