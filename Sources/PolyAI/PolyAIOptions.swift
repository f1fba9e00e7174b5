import Foundation
import SessionCore

/// Everything a ``PolyAIWire`` needs: credentials, where, and how to show replies.
public struct PolyAIOptions: Sendable {
    /// The connector token ("API key"); a credential, never logged.
    public var apiKey: String
    /// The `X-Host` value registered for the connector.
    public var hostId: String
    /// Where the deployment lives.
    public var environment: PolyAIEnvironment
    /// Ask for streamed replies and show them growing (false: whole messages only).
    public var streaming: Bool
    /// The name our own messages show; one other than ``unnamed`` is also sent with the join
    /// request (`metadata.custom.display_name`), where the demo's bot greets by it.
    public var displayName: String
    /// A stored session to rejoin instead of creating one (used when still fresh, spec §7.1).
    public var resume: PolyAIResumeRecord?

    /// Creates options with the spec's defaults.
    public init(
        apiKey: String, hostId: String = "helpline", environment: PolyAIEnvironment = .us, streaming: Bool = true,
        displayName: String = PolyAIOptions.unnamed, resume: PolyAIResumeRecord? = nil
    ) {
        self.apiKey = apiKey
        self.hostId = hostId
        self.environment = environment
        self.streaming = streaming
        self.displayName = displayName
        self.resume = resume
    }

    /// The name shown for our messages when none was given.
    public static let unnamed = "You"

    /// The name to send with the join request: the display name, unless none was given.
    public var announcedName: String? { displayName == Self.unnamed ? nil : displayName }

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
        for url in [environment.restBase, environment.socketURL] {
            if let problem = OutsideNumbers.portProblem(in: url) { throw PolyAIError.invalidConfiguration("\(url): \(problem)") }
        }
    }
}
