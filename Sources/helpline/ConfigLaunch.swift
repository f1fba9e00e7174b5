import ArgumentParser
import Foundation
import TerminalRuntime
import TerminalUI
import HelplineConfig

/// Completes the command line from `HELPLINE_*` variables and `~/.config/helpline/config.toml`
/// before parsing (precedence: flags > environment > profile > file defaults > built-in defaults).
enum ConfigLaunch {
    /// The arguments to parse: `raw` completed for the subcommand it names (or the default one).
    static func arguments(
        _ raw: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        warn: (String) -> Void = { StandardStreams.err("helpline: warning: " + $0) }
    ) throws -> [String] {
        try resolution(raw, environment: environment, warn: warn).arguments
    }

    /// ``arguments(_:environment:warn:)`` with where each added option came from. Keys of the file
    /// that no command takes are reported through `warn`, once, with file, line and the nearest key.
    static func resolution(
        _ raw: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        warn: (String) -> Void = { StandardStreams.err("helpline: warning: " + $0) }
    ) throws -> ConfigResolver.Resolution {
        let subcommands = Helpline.configuration.subcommands
        let named = raw.first.flatMap { first in subcommands.first { $0._commandName == first } }
        if raw.contains(where: { ["-h", "--help", "--version", "--generate-completion-script"].contains($0) })
            || raw.first == "help" {
            return .init(arguments: raw, sources: [:])
        }
        guard let command = named ?? Helpline.configuration.defaultSubcommand else { return .init(arguments: raw, sources: [:]) }
        let path = environment["HELPLINE_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ConfigFile.defaultPath(environment: environment, home: FileManager.default.homeDirectoryForCurrentUser.path)
        var config = ConfigFile()
        if let data = FileManager.default.contents(atPath: path) {
            config = try ConfigFile.parse(String(decoding: data, as: UTF8.self), file: path)
        } else if environment["HELPLINE_CONFIG"] != nil {
            throw ConfigError("cannot read the configuration file \(path)")
        }
        let commandOptions = options(of: command)
        let own = commandOptions.valued.union(commandOptions.flags)
        if !config.unknownKeyWarnings(known: own).isEmpty {
            config.unknownKeyWarnings(known: knownKeys()).forEach(warn)
        }
        if environment["HELPLINE_CONFIG"] == nil {
            let legacy = LegacyConfigJSON.defaultPath(environment: environment, home: FileManager.default.homeDirectoryForCurrentUser.path)
            if let data = FileManager.default.contents(atPath: legacy) {
                StandardStreams.err(LegacyConfigJSON.notice(file: legacy))
                config = config.addingLegacyDefaults(try LegacyConfigJSON.values(data, file: legacy))
            }
        }
        let rest = named == nil ? raw : Array(raw.dropFirst())
        var resolution = try ConfigResolver(config: config, environment: environment).resolution(rest, options: commandOptions)
        resolution.arguments = (named == nil ? [] : [command._commandName]) + resolution.arguments
        return resolution
    }

    /// Every long option of every command: the keys config.toml may hold.
    static func knownKeys() -> Set<String> {
        Helpline.configuration.subcommands.reduce(into: Set<String>()) { keys, command in
            let options = options(of: command)
            keys.formUnion(options.valued.union(options.flags))
        }
    }

    /// A parse error as one line naming the source of the option it is about, when that option came
    /// from config.toml (`FILE:LINE`) or the environment; nil when it came from the command line.
    static func sourcedMessage(for error: any Error, sources: [String: String]) -> String? {
        guard !sources.isEmpty, Helpline.exitCode(for: error) == .validationFailure else { return nil }
        let message = Helpline.message(for: error)
        guard !message.isEmpty else { return nil }
        for (option, source) in sources.sorted(by: { $0.key > $1.key }) {
            var searchStart = message.startIndex
            while let range = message.range(of: "--" + option, range: searchStart..<message.endIndex) {
                let next = message[range.upperBound...].first
                searchStart = range.upperBound
                if let next, next.isLetter || next.isNumber || next == "-" { continue }
                let origin = source.hasPrefix("HELPLINE_") ? "the environment" : "config.toml"
                return "\(source): \(message) (set by \(origin))"
            }
        }
        return nil
    }

    /// The long options of a command, read from its help (flags take no `<value>`).
    static func options(of command: ParsableCommand.Type) -> ConfigResolver.Options {
        let help = Helpline.helpMessage(for: command, columns: 10_000)
        var valued = Set<String>()
        var flags = Set<String>()
        var repeatable = Set<String>()
        let pattern = #"--([a-z0-9][a-z0-9-]*)( <[^>]+>)?( \.\.\.)?"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return .init(valued: [], flags: []) }
        let text = help as NSString
        for match in regex.matches(in: help, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1))
            if ["help", "version"].contains(name) { continue }
            if match.range(at: 2).location != NSNotFound { valued.insert(name) } else if !valued.contains(name) { flags.insert(name) }
            if match.range(at: 3).location != NSNotFound { repeatable.insert(name) }
        }
        // The options list says "(repeatable)" where the usage line is abbreviated.
        for block in help.components(separatedBy: "\n  -") where block.contains("(repeatable)") {
            for name in valued where block.hasPrefix("-\(name) ") { repeatable.insert(name) }
        }
        return .init(valued: valued, flags: flags.subtracting(valued), repeatable: repeatable)
    }
}
