import Foundation
import HelplineConfig

// config.toml (the TOML subset of docs/configuration.md) and the legacy config.json, from a file the
// user (or a tool) wrote. First byte: bit 0 picks the legacy JSON reader. Invariants: an error is one
// line naming the file and a line that exists; no key read is `profile`, and warnings are safe lines; and a file
// written back from what was read (when it is plain printable ASCII) reads the same again.

/// A TOML basic string holding `text`.
func quoted(_ text: String) -> String {
    var out = "\""
    for character in text {
        switch character {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default: out.append(character)
        }
    }
    return out + "\""
}

/// A key as TOML writes it: bare when it can be, else quoted.
func tomlKey(_ key: String) -> String {
    let bare = !key.isEmpty && key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
    }
    return bare ? key : quoted(key)
}

/// The TOML text of a value, as docs/configuration.md writes it.
func toml(_ value: ConfigValue) -> String {
    switch value {
    case .bool(let flag): return flag ? "true" : "false"
    case .scalar(let text): return quoted(text)  // numbers too: a number and its text read the same
    case .list(let items): return "[" + items.map(quoted).joined(separator: ", ") + "]"
    }
}

/// The file text of a configuration.
func toml(_ config: ConfigFile) -> String {
    var lines = config.defaults.sorted { $0.key < $1.key }.map { "\(tomlKey($0.key)) = \(toml($0.value))" }
    for (name, keys) in config.profiles.sorted(by: { $0.key < $1.key }) {
        lines.append("[profiles.\(tomlKey(name))]")
        lines += keys.sorted { $0.key < $1.key }.map { "\(tomlKey($0.key)) = \(toml($0.value))" }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Whether every key and string in the configuration is printable ASCII (plus "\n" and tab, which have escapes).
func isPlain(_ config: ConfigFile) -> Bool {
    func plain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ($0.value >= 0x20 && $0.value < 0x7F) || $0 == "\n" || $0 == "\t" }
    }
    func plain(_ value: ConfigValue) -> Bool {
        switch value {
        case .bool: return true
        case .scalar(let text): return plain(text)
        case .list(let items): return items.allSatisfy(plain)
        }
    }
    let keys = Array(config.defaults.keys) + config.profiles.keys + config.profiles.values.flatMap(\.keys)
    return keys.allSatisfy(plain) && config.defaults.values.allSatisfy(plain)
        && config.profiles.values.allSatisfy { $0.values.allSatisfy(plain) }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let mode = input.byte()
    if mode & 1 != 0 {
        let values = try? LegacyConfigJSON.values(Data(input.rest()), file: "config.json")
        let known: Set<String> = ["api-key", "host-id", "environment", "notify", "no-mouse"]
        for key in (values ?? [:]).keys { require(known.contains(key), "an unknown key from config.json: \(key)") }
        return 0
    }
    let text = input.restString()
    let lineCount = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let config: ConfigFile
    do {
        config = try ConfigFile.parse(text, file: "config.toml")
    } catch {
        let message = "\(error)"
        require(
            !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "an error with a control character (not one line, or a terminal escape): \(message.debugDescription)")
        let number = message.dropFirst("config.toml:".count).prefix { $0.isNumber }
        require(message.hasPrefix("config.toml:"), "an error without the file: \(message.debugDescription)")
        require(Int(number).map { (1...lineCount).contains($0) } ?? false, "an error naming no line of the file: \(message)")
        return 0
    }
    let keys = Array(config.defaults.keys) + config.profiles.values.flatMap(\.keys)  // a profile may be named "profile"
    // Quoted keys are TOML too ("clé" = 1); any key may be read, even "", but never `profile`, and the
    // warning for an unknown one is one line that cannot drive the terminal.
    for key in keys {
        require(key != "profile", "the key profile was read")
    }
    for warning in config.unknownKeyWarnings(known: ["display-name", "notify"]) {
        require(
            !warning.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "a warning with a control character: \(warning.debugDescription)")
    }
    if isPlain(config) {
        let written = toml(config)
        let again = try? ConfigFile.parse(written, file: "config.toml")
        // The values, not where they stood: the written file is in key order, so its lines differ.
        require(
            again?.defaults == config.defaults && again?.profiles == config.profiles,
            "written back and read again it differs:\n\(written)\nread first: \(config)\nread again: \(String(describing: again))")
    }
    return 0
}
