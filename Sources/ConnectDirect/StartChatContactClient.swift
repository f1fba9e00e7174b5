import AWSSigV4
import AmazonConnect
import Foundation
import SessionCore
import Transport

/// Calls Amazon Connect `StartChatContact` itself, signed with SigV4, for teams without a start-chat
/// backend. The body and the reading of the answer are the Connect module's (``StartChatContact``);
/// this client signs and sends.
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

    /// Creates a client.
    public init(
        endpoint: URL, region: String, credentials: AWSCredentials, transport: HTTPTransport,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.endpoint = endpoint
        self.region = region
        self.credentials = credentials
        self.transport = transport
        self.now = now
    }

    /// `PUT /contact/chat`, signed; returns the started chat (the participant token is a credential).
    public func start(instanceId: String, contactFlowId: String, displayName: String) async throws -> StartedChat {
        let body = StartChatContact.body(
            instanceId: instanceId, contactFlowId: contactFlowId, displayName: displayName,
            clientToken: UUID().uuidString.lowercased())
        let path = "/contact/chat"
        guard let host = endpoint.host else { throw BackendError.protocolViolation("the Amazon Connect URL has no host") }
        let hostHeader = endpoint.port.map { "\(host):\($0)" } ?? host
        let basePath = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        let headers = [("Content-Type", "application/json")]
        let signature = SigV4Signer(credentials: credentials, region: region, service: "connect").sign(
            method: "PUT", host: hostHeader, path: basePath + path, query: "", headers: headers + [("Host", hostHeader)],
            body: body, date: now())
        let url = endpoint.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path
        let response: HTTPResponse
        do {
            response = try await transport.send(method: "PUT", url: url, headers: headers + signature.addedHeaders, body: body)
        } catch let error as BackendError {
            if case .network(let failure) = error {
                throw BackendError.network(failure.rephrased { "could not reach Amazon Connect at \(endpoint.absoluteString): \($0)" })
            }
            throw error
        }
        return try StartChatContact.started(from: response).get()
    }
}
