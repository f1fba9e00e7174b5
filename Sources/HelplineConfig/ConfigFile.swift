import Foundation
import TOMLKit

/// A value in the configuration file.
public enum ConfigValue: Sendable, Hashable {
    /// A string, number or boolean, as the text an option would take.
    case scalar(String)
    /// A boolean (a flag).
    case bool(Bool)
    /// A list (a repeatable option).
    case list([String])
}

/// A bad configuration file: the line and the reason.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    /// One line: `FILE:LINE: reason`.
    public let description: String

    /// Creates an error; control characters in it (from the file) are shown escaped, `\u{1B}`, so
    /// it stays one line and cannot drive the terminal.
    public init(_ description: String) {
        self.description = Self.oneLine(description)
    }

    /// `text` with its control characters (C0, DEL, C1) written as `\u{1B}`.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// `~/.config/helpline/config.toml`: top-level keys for every run, `[profiles.NAME]` tables chosen
/// with `--profile NAME`. Read with TOMLKit; every error names the file and line.
public struct ConfigFile: Sendable, Equatable {
    /// Keys before any table.
    public var defaults: [String: ConfigValue] = [:]
    /// Named profiles.
    public var profiles: [String: [String: ConfigValue]] = [:]
    /// The file's name as messages show it (empty for a configuration made in code).
    public var file = ""
    /// The line of each key: `[key]` at the top level, `["profiles", NAME, key]` in a profile.
    var keyLines: [[String]: Int] = [:]

    /// Creates an empty configuration.
    public init() {}

    /// The default path: `$XDG_CONFIG_HOME/helpline/config.toml`, or `~/.config/helpline/config.toml`.
    public static func defaultPath(environment: [String: String], home: String) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/helpline/config.toml"
    }

    /// `FILE:LINE` of a key (in `profile`, or at the top level), when the file set it.
    public func location(of key: String, profile: String? = nil) -> String? {
        let path = profile.map { ["profiles", $0, key] } ?? [key]
        return keyLines[path].map { "\(file):\($0)" }
    }

    /// Parses a TOML document; `file` names the file in errors (`FILE:LINE: reason`).
    public static func parse(_ text: String, file: String = "config.toml") throws -> ConfigFile {
        // CRLF files read as LF files (the TOML parser stumbled on some of them; found by fuzzing).
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        if let error = TOMLPreflight.check(text, file: file) { throw error }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw TOMLErrorText.error(error.description, line: error.source.begin.line, text: text, file: file)
        }
        let locator = TOMLKeyLocator(text)
        var config = ConfigFile()
        config.file = file
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            let fail = { (reason: String) in ConfigError("\(file):\(locator.line(of: [key])): \(reason)") }
            guard key == "profiles" else {
                guard value.type != .table else { throw fail("only [profiles.NAME] tables are supported, not [\(key)]") }
                config.defaults[key] = try convert(value, key: key, place: "\(file):\(locator.line(of: [key]))")
                config.keyLines[[key]] = locator.line(of: [key])
                continue
            }
            guard let profiles = value.table else { throw fail("'profiles' holds [profiles.NAME] tables, not a value") }
            for name in profiles.keys.sorted() {
                let failIn = { (path: [String], reason: String) in
                    ConfigError("\(file):\(locator.line(of: ["profiles", name] + path)): \(reason)")
                }
                guard let profile = profiles[name]?.table else {
                    throw failIn([], "only [profiles.NAME] tables are supported; 'profiles.\(name)' is a value")
                }
                config.profiles[name] = [:]
                for profileKey in profile.keys.sorted() {
                    guard let value = profile[profileKey] else { continue }
                    let place = "\(file):\(locator.line(of: ["profiles", name, profileKey]))"
                    guard value.type != .table else {
                        throw failIn([profileKey], "only [profiles.NAME] tables are supported, not [profiles.\(name).\(profileKey)]")
                    }
                    config.profiles[name, default: [:]][profileKey] = try convert(value, key: profileKey, place: place)
                    config.keyLines[["profiles", name, profileKey]] = locator.line(of: ["profiles", name, profileKey])
                }
            }
        }
        return config
    }

    /// A TOML value as an option value: strings and numbers as their text, booleans, lists of them.
    private static func convert(_ value: TOMLValueConvertible, key: String, place: String) throws -> ConfigValue {
        let fail = { (reason: String) in ConfigError("\(place): \(reason)") }
        guard key != "profile" else { throw fail("'profile' cannot be set in the file; use --profile or HELPLINE_PROFILE") }
        if value.type == .bool, let bool = value.bool { return .bool(bool) }
        if let text = scalarText(value) { return .scalar(text) }
        if let array = value.array {
            var items: [String] = []
            for item in array {
                guard let text = scalarText(item) else {
                    throw fail("'\(key)' must be a list of strings or numbers, not of \(item.type)s")
                }
                items.append(text)
            }
            return .list(items)
        }
        throw fail("'\(key)' cannot be a \(value.type); write a \"string\", a number, true/false or a list")
    }

    /// The text of a string or number.
    private static func scalarText(_ value: TOMLValueConvertible) -> String? {
        switch value.type {
        case .string: return value.string
        case .int: return value.int.map { String($0) }
        case .double: return value.double.map { String(describing: $0) }
        default: return nil
        }
    }
}
