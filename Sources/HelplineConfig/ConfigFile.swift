import Foundation

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

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

/// `~/.config/helpline/config.toml`: top-level keys for every run, `[profiles.NAME]` tables chosen
/// with `--profile NAME`. The TOML subset documented in `docs/configuration.md`.
public struct ConfigFile: Sendable, Equatable {
    /// Keys before any table.
    public var defaults: [String: ConfigValue] = [:]
    /// Named profiles.
    public var profiles: [String: [String: ConfigValue]] = [:]

    /// Creates an empty configuration.
    public init() {}

    /// The default path: `$XDG_CONFIG_HOME/helpline/config.toml`, or `~/.config/helpline/config.toml`.
    public static func defaultPath(environment: [String: String], home: String) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/helpline/config.toml"
    }

    /// Parses the TOML subset; `file` names the file in errors.
    public static func parse(_ text: String, file: String = "config.toml") throws -> ConfigFile {
        var config = ConfigFile()
        var profile: String?
        // Split at "\n" scalars: "\r\n" is one `Character`, so splitting the characters would not split CRLF files.
        for (index, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var scalars = String.UnicodeScalarView(raw)
            if scalars.last == "\r" { scalars.removeLast() }
            let line = stripComment(String(scalars)).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let fail = { (reason: String) in ConfigError("\(file):\(index + 1): \(reason)") }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.hasPrefix("[profiles.") else {
                    throw fail("only [profiles.NAME] tables are supported")
                }
                let name = String(line.dropFirst("[profiles.".count).dropLast()).trimmingCharacters(in: .whitespaces)
                guard isBareKey(name) else { throw fail("'\(printable(name))' is not a valid profile name") }
                profile = name
                config.profiles[name, default: [:]] = config.profiles[name] ?? [:]
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected key = value") }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard isBareKey(key) else { throw fail("'\(printable(key))' is not a valid key") }
            guard key != "profile" else { throw fail("'profile' cannot be set in the file; use --profile or HELPLINE_PROFILE") }
            guard let value = parseValue(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)) else {
                throw fail("cannot read the value of '\(key)' (strings need \"quotes\")")
            }
            if let profile { config.profiles[profile, default: [:]][key] = value } else { config.defaults[key] = value }
        }
        return config
    }

    /// `text` for an error message, control characters written as `\u{…}`: the message stays one line
    /// and cannot drive the terminal it is printed on.
    static func printable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isBareKey(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_" }
    }

    /// Removes a `#` comment that is not inside a string.
    private static func stripComment(_ line: String) -> String {
        var inString = false
        var escaped = false
        for (offset, char) in line.enumerated() {
            if escaped { escaped = false; continue }
            if char == "\\" && inString { escaped = true; continue }
            if char == "\"" { inString.toggle() }
            if char == "#" && !inString { return String(line.prefix(offset)) }
        }
        return line
    }

    private static func parseValue(_ text: String) -> ConfigValue? {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if text.hasPrefix("[") {
            guard text.hasSuffix("]") else { return nil }
            var items: [String] = []
            var rest = Substring(text.dropFirst().dropLast())
            while true {
                rest = rest.drop { $0 == " " || $0 == "," }
                if rest.isEmpty { break }
                guard let (item, remainder) = parseString(rest) else { return nil }
                items.append(item)
                rest = remainder
            }
            return .list(items)
        }
        if text.hasPrefix("\"") {
            guard let (string, remainder) = parseString(Substring(text)), remainder.trimmingCharacters(in: .whitespaces).isEmpty else {
                return nil
            }
            return .scalar(string)
        }
        if Double(text) != nil { return .scalar(text) }
        return nil
    }

    /// A basic string `"…"` with `\"`, `\\`, `\n`, `\t` escapes; returns it and what follows.
    private static func parseString(_ text: Substring) -> (String, Substring)? {
        guard text.first == "\"" else { return nil }
        var out = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let char = text[index]
            if char == "\"" { return (out, text[text.index(after: index)...]) }
            if char == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
                switch text[index] {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                default: return nil
                }
            } else {
                out.append(char)
            }
            index = text.index(after: index)
        }
        return nil
    }
}
