import Foundation

/// Merges the command line, `HELPLINE_*` environment variables and the configuration file into one
/// argument list, with the precedence flags > environment > profile > top-level file keys > defaults.
public struct ConfigResolver: Sendable {
    /// The options a subcommand takes (long names without `--`), and which of them are flags.
    public struct Options: Sendable {
        /// Options that take a value.
        public var valued: Set<String>
        /// Options without a value.
        public var flags: Set<String>
        /// Options that may be repeated.
        public var repeatable: Set<String>

        /// Creates an option set.
        public init(valued: Set<String>, flags: Set<String>, repeatable: Set<String> = []) {
            self.valued = valued
            self.flags = flags
            self.repeatable = repeatable
        }
    }

    /// The parsed configuration file (empty when there is none).
    public var config: ConfigFile
    /// The environment.
    public var environment: [String: String]

    /// Creates a resolver.
    public init(config: ConfigFile, environment: [String: String]) {
        self.config = config
        self.environment = environment
    }

    /// The environment variable for an option: `display-name` → `HELPLINE_DISPLAY_NAME`.
    public static func environmentName(_ option: String) -> String {
        "HELPLINE_" + option.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// Older variables still honoured for an option, after `HELPLINE_<OPTION>`.
    public static let environmentAliases: [String: [String]] = ["api-key": ["HELPLINE_POLYAI_API_KEY"]]

    /// The value the environment gives an option: `HELPLINE_<OPTION>`, then its aliases; with the variable's name.
    func environmentValue(_ option: String) -> (name: String, value: String)? {
        for name in [Self.environmentName(option)] + (Self.environmentAliases[option] ?? []) {
            if let value = environment[name], !value.isEmpty { return (name, value) }
        }
        return nil
    }

    /// The completed arguments, and where each added option came from.
    public struct Resolution: Sendable, Equatable {
        /// The arguments to parse.
        public var arguments: [String]
        /// Added option (long name) → its source: `FILE:LINE` of a key, or the environment variable.
        public var sources: [String: String]

        /// Creates a resolution.
        public init(arguments: [String], sources: [String: String]) {
            self.arguments = arguments
            self.sources = sources
        }
    }

    /// `arguments` (after the subcommand name) completed from the environment and the file.
    /// `--profile NAME` (or `HELPLINE_PROFILE`) picks the profile; it stays in the arguments only when
    /// the subcommand itself takes `--profile` (as `connect` does, for AWS credentials).
    public func resolve(_ arguments: [String], options: Options) throws -> [String] {
        try resolution(arguments, options: options).arguments
    }

    /// ``resolve(_:options:)`` with the source of every option it added.
    public func resolution(_ arguments: [String], options: Options) throws -> Resolution {
        var args = arguments
        var profileName = environment["HELPLINE_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
        if let index = args.firstIndex(of: "--profile"), index + 1 < args.count {
            profileName = args[index + 1]
            if !options.valued.contains("profile") { args.removeSubrange(index...(index + 1)) }
        } else if let index = args.firstIndex(where: { $0.hasPrefix("--profile=") }) {
            profileName = String(args[index].dropFirst("--profile=".count))
            if !options.valued.contains("profile") { args.remove(at: index) }
        }
        var profile: [String: ConfigValue] = [:]
        if let profileName {
            guard let found = config.profiles[profileName] else {
                let known = config.profiles.keys.sorted().joined(separator: ", ")
                throw ConfigError("no profile '\(profileName)' in the configuration file" + (known.isEmpty ? "" : " (profiles: \(known))"))
            }
            profile = found
        }
        let given = Set(args.compactMap { arg -> String? in
            guard arg.hasPrefix("--") else { return nil }
            return String(arg.dropFirst(2).split(separator: "=", maxSplits: 1).first ?? "")
        })
        var added: [String] = []
        var sources: [String: String] = [:]
        for option in (options.valued.union(options.flags)).sorted() where !given.contains(option) {
            if let (name, value) = environmentValue(option) {
                added += try Self.arguments(option, .scalar(value), options: options, source: name)
                sources[option] = name
            } else if let value = profile[option] ?? config.defaults[option] {
                let location = profile[option] != nil
                    ? config.location(of: option, profile: profileName) : config.location(of: option)
                let source = location.map { "\($0): '\(option)'" } ?? "the configuration key '\(option)'"
                added += try Self.arguments(option, value, options: options, source: source)
                sources[option] = location ?? "the configuration file"
            }
        }
        // Options go before a `--` terminator or positional arguments would swallow them.
        if let terminator = args.firstIndex(of: "--") {
            args.insert(contentsOf: added, at: terminator)
            return Resolution(arguments: args, sources: sources)
        }
        return Resolution(arguments: args + added, sources: sources)
    }

    private static func arguments(_ option: String, _ value: ConfigValue, options: Options, source: String) throws -> [String] {
        if options.flags.contains(option) {
            switch value {
            case .bool(let on): return on ? ["--\(option)"] : []
            case .scalar(let text) where ["1", "true", "yes"].contains(text.lowercased()): return ["--\(option)"]
            case .scalar(let text) where ["0", "false", "no"].contains(text.lowercased()): return []
            default: throw ConfigError("\(source) must be true or false")
            }
        }
        switch value {
        case .scalar(let text): return ["--\(option)", text]
        case .bool: throw ConfigError("\(source) takes a value, not true or false (--\(option) is not a flag)")
        case .list(let items):
            guard options.repeatable.contains(option) || items.count <= 1 else {
                throw ConfigError("\(source) takes one value, not a list")
            }
            return items.flatMap { ["--\(option)", $0] }
        }
    }
}
