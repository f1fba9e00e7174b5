import Foundation

/// The old `config.json` next to `config.toml` (`{"polyai": {"api_key": …}, "tui": {"notify": …}}`).
///
/// Still read, as the lowest layer under the top-level keys of `config.toml`, with a one-line
/// deprecation notice; its settings map to the `config.toml` keys of the same options.
public enum LegacyConfigJSON {
    /// `$XDG_CONFIG_HOME/helpline/config.json`, or `~/.config/helpline/config.json`.
    public static func defaultPath(environment: [String: String], home: String) -> String {
        let toml = ConfigFile.defaultPath(environment: environment, home: home)
        return String(toml.dropLast("config.toml".count)) + "config.json"
    }

    /// The old file's settings as `config.toml` keys: `polyai.api_key` → `api-key`, `polyai.host_id`
    /// → `host-id`, `polyai.environment` → `environment`, `tui.notify` → `notify`, `tui.mouse: false`
    /// → `no-mouse`. Unknown keys and values of the wrong kind are ignored; a file that is not a JSON
    /// object is an error naming it.
    public static func values(_ data: Data, file: String) throws -> [String: ConfigValue] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ConfigError("\(file): not a JSON object (move its settings to config.toml, or delete it)")
        }
        var values: [String: ConfigValue] = [:]
        let polyai = object["polyai"] as? [String: Any] ?? [:]
        for (old, key) in [("api_key", "api-key"), ("host_id", "host-id"), ("environment", "environment")] {
            if let text = polyai[old] as? String, !text.isEmpty { values[key] = .scalar(text) }
        }
        let tui = object["tui"] as? [String: Any] ?? [:]
        if let notify = (tui["notify"] as? String)?.lowercased(), ["always", "unfocused", "never"].contains(notify) {
            values["notify"] = .scalar(notify)
        }
        if let mouse = tui["mouse"] as? Bool, !mouse { values["no-mouse"] = .bool(true) }
        return values
    }

    /// The deprecation notice (one line, for stderr).
    public static func notice(file: String) -> String {
        "helpline: \(file) is deprecated and still read; move its settings to config.toml "
            + "(api-key, host-id, environment, notify, no-mouse; see helpline(1)) and delete it"
    }
}

extension ConfigFile {
    /// This configuration with `legacy` values under its top-level keys (the file's own keys win).
    public func addingLegacyDefaults(_ legacy: [String: ConfigValue]) -> ConfigFile {
        var merged = self
        for (key, value) in legacy where merged.defaults[key] == nil { merged.defaults[key] = value }
        return merged
    }
}
