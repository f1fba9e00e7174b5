import ChatEngine
import Foundation

/// Everything a ``PolyAIBackend`` needs: credentials, where, and the tunables tests inject.
public struct PolyAIOptions: Sendable {
    /// The connector token ("API key"); a credential, never logged.
    public var apiKey: String
    /// The `X-Host` value registered for the connector.
    public var hostId: String
    /// Where the deployment lives.
    public var environment: PolyAIEnvironment
    /// Ask for streamed replies and show them growing (false: whole messages only).
    public var streaming: Bool
    /// The HTTP transport for the two REST calls.
    public var transport: HTTPTransport
    /// The wall clock.
    public var now: @Sendable () -> Date
    /// Sleeps (REST retry gaps, echo waits, the typing STOPPED timer).
    public var sleep: @Sendable (Duration) async throws -> Void
    /// How long to wait for a message's echo before resending it.
    public var resendInterval: Duration
    /// Resends before a message fails.
    public var maxResends: Int
    /// A stored session to rejoin instead of creating one (used when still fresh, spec §7.1).
    public var resume: PolyAIResumeRecord?

    /// Creates options with the spec's defaults.
    public init(
        apiKey: String, hostId: String = "helpline", environment: PolyAIEnvironment = .us, streaming: Bool = true,
        transport: HTTPTransport = HTTPTransport(), now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        resendInterval: Duration = PolyAIPolicies.resendInterval, maxResends: Int = PolyAIPolicies.maxResends
    ) {
        self.apiKey = apiKey
        self.hostId = hostId
        self.environment = environment
        self.streaming = streaming
        self.transport = transport
        self.now = now
        self.sleep = sleep
        self.resendInterval = resendInterval
        self.maxResends = maxResends
    }

    /// Checks the options before any network call.
    public func validate() throws {
        guard !apiKey.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw PolyAIError.invalidConfiguration("the API key is empty")
        }
        guard !hostId.isEmpty else { throw PolyAIError.invalidConfiguration("the host id is empty") }
        let rest = URL(string: environment.restBase)
        let ws = URL(string: environment.socketURL)
        guard let restScheme = rest?.scheme, ["http", "https"].contains(restScheme), rest?.host != nil else {
            throw PolyAIError.invalidConfiguration("the REST URL must be http(s): \(environment.restBase)")
        }
        guard let wsScheme = ws?.scheme, ["ws", "wss"].contains(wsScheme), ws?.host != nil else {
            throw PolyAIError.invalidConfiguration("the socket URL must be ws(s): \(environment.socketURL)")
        }
    }
}
