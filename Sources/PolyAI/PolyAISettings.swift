import Foundation
import SessionCore

/// PolyAI settings from flags and the environment, in that order of precedence.
///
/// `helpline` fills the flags from `config.toml` (`api-key`, `host-id`, `environment`) before
/// parsing; `configFile` names an old-style JSON file (`{"polyai": {"api_key": "…"}}`) read last.
public struct PolyAISettings: Sendable, Equatable {
    /// The environment variable holding the API key.
    public static let apiKeyVariable = "HELPLINE_POLYAI_API_KEY"

    /// The connector token.
    public var apiKey: String
    /// The `X-Host` value.
    public var hostId: String
    /// The deployment.
    public var environment: PolyAIEnvironment

    /// Resolves the settings; throws ``PolyAIError/invalidConfiguration(_:)`` with a fix-it message.
    public static func resolve(
        apiKey flagKey: String?, environment flagEnvironment: String?, restURL: String?, socketURL: String?,
        hostId flagHost: String?, processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        configFile: URL? = nil
    ) throws -> PolyAISettings {
        let file = try configFile.map(loadFile) ?? [:]
        let key = flagKey ?? processEnvironment[apiKeyVariable].flatMap { $0.isEmpty ? nil : $0 } ?? file["api_key"]
        guard let key, !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw PolyAIError.invalidConfiguration(
                "no API key: pass --api-key KEY, set \(apiKeyVariable), or put api-key = \"KEY\" in ~/.config/helpline/config.toml")
        }
        let environment: PolyAIEnvironment
        switch (restURL, socketURL) {
        case (let rest?, let ws?): environment = .custom(rest: rest, ws: ws)
        case (nil, nil): environment = try PolyAIEnvironment.parse(flagEnvironment ?? file["environment"] ?? "us")
        default: throw PolyAIError.invalidConfiguration("--rest-url and --ws-url go together")
        }
        return PolyAISettings(apiKey: key, hostId: flagHost ?? file["host_id"] ?? "helpline", environment: environment)
    }

    /// The `polyai` section's string values; empty when there is no file, an error when it is not JSON.
    static func loadFile(_ url: URL) throws -> [String: String] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        guard let object = JSONValue(parsing: data)?.object else {
            throw PolyAIError.invalidConfiguration("the config file \(url.path) is not a JSON object")
        }
        return (object["polyai"]?.object ?? [:]).compactMapValues(\.string)
    }
}
