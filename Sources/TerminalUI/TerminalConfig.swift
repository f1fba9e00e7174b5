import Foundation

/// The full-screen UI's keys in the config file `$XDG_CONFIG_HOME/helpline/config`
/// (`~/.config/helpline/config`): one `key = value` a line, `#` comments.
public struct TerminalConfig: Sendable, Equatable {
    /// `notify = always|unfocused|never`.
    public var notify: TerminalUIOptions.NotifyPolicy?
    /// `mouse = on|off`.
    public var mouse: Bool?

    /// Parses config text; unknown keys and bad values are ignored.
    public init(text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let parts = content.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "notify": notify = TerminalUIOptions.NotifyPolicy(rawValue: parts[1].lowercased())
            case "mouse": mouse = ["on", "true", "yes"].contains(parts[1].lowercased()) ? true
                : ["off", "false", "no"].contains(parts[1].lowercased()) ? false : nil
            default: continue
            }
        }
    }

    /// The config file's path for an environment.
    public static func path(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return base + "/helpline/config"
    }

    /// Reads the config file; an empty config when there is none.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalConfig {
        let text = (try? String(contentsOfFile: path(environment: environment), encoding: .utf8)) ?? ""
        return TerminalConfig(text: text)
    }
}
