import Foundation

/// The full-screen UI's section of the config file `$XDG_CONFIG_HOME/helpline/config.json`
/// (`~/.config/helpline/config.json`): `{"tui": {"notify": "unfocused", "mouse": true}}`.
public struct TerminalConfig: Sendable, Equatable {
    /// `"notify": "always" | "unfocused" | "never"`.
    public var notify: TerminalUIOptions.NotifyPolicy?
    /// `"mouse": true | false`.
    public var mouse: Bool?

    /// Reads the `tui` section of config JSON; a missing section, unknown keys and bad values are ignored.
    public init(json: Data) {
        let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
        let section = object?["tui"] as? [String: Any] ?? [:]
        notify = (section["notify"] as? String).flatMap { TerminalUIOptions.NotifyPolicy(rawValue: $0.lowercased()) }
        mouse = section["mouse"] as? Bool
    }

    /// The config file's path for an environment (shared with the other sections).
    public static func path(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return base + "/helpline/config.json"
    }

    /// Reads the config file; an empty config when there is none or it is not JSON.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalConfig {
        TerminalConfig(json: FileManager.default.contents(atPath: path(environment: environment)) ?? Data())
    }
}
