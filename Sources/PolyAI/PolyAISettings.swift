import Foundation

/// PolyAI settings from flags, the environment and the config file, in that order of precedence.
///
/// The config file is `$XDG_CONFIG_HOME/helpline/config.json` (default `~/.config/helpline/config.json`):
/// `{"polyai": {"api_key": "…", "host_id": "…", "environment": "uk"}}`.
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
        let file = try loadFile(configFile ?? defaultConfigFile(processEnvironment))
        let key = flagKey ?? processEnvironment[apiKeyVariable].flatMap { $0.isEmpty ? nil : $0 } ?? file["api_key"]
        guard let key, !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw PolyAIError.invalidConfiguration(
                "no API key: pass --api-key KEY, set \(apiKeyVariable), or put \"api_key\" under \"polyai\" in the config file")
        }
        let environment: PolyAIEnvironment
        switch (restURL, socketURL) {
        case (let rest?, let ws?): environment = .custom(rest: rest, ws: ws)
        case (nil, nil): environment = try PolyAIEnvironment.parse(flagEnvironment ?? file["environment"] ?? "us")
        default: throw PolyAIError.invalidConfiguration("--rest-url and --ws-url go together")
        }
        return PolyAISettings(apiKey: key, hostId: flagHost ?? file["host_id"] ?? "helpline", environment: environment)
    }

    /// `$XDG_CONFIG_HOME/helpline/config.json` or `~/.config/helpline/config.json`.
    public static func defaultConfigFile(_ environment: [String: String]) -> URL {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("helpline/config.json")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/helpline/config.json")
    }

    /// The `polyai` section's string values; empty when there is no file, an error when it is not JSON.
    static func loadFile(_ url: URL) throws -> [String: String] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw PolyAIError.invalidConfiguration("the config file \(url.path) is not a JSON object")
        }
        return (object["polyai"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
    }
}
