import Foundation
import SessionCore

/// A script that cannot be parsed: the file, line and reason.
public struct ScriptParseError: Error, CustomStringConvertible, Equatable {
    /// Where and why, as one line (`file:line: reason`).
    public let description: String

    /// Creates an error for a line of a file.
    public init(file: String, line: Int, _ reason: String) {
        description = "\(file):\(line): \(reason)"
    }
}

/// Parses the script format documented in `docs/scripting.md`.
public enum ScriptParser {
    /// The time limit of `expect` and `expect-event` without `within`, unless the runner is given another.
    public static let defaultWithin: Duration = .seconds(10)
    /// The longest `within` or `wait` accepted.
    public static let longestDuration: Duration = .seconds(600)

    /// Reads and parses a script file.
    public static func parse(fileAt path: String) throws -> Script {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptParseError(file: path, line: 0, "cannot read the script file")
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var script = try parse(String(decoding: data, as: UTF8.self), name: name, file: path)
        // `attach` and `expect-transcript` paths are relative to the script's folder, so a script and its
        // files travel together.
        let folder = (path as NSString).deletingLastPathComponent
        func resolved(_ file: String) -> String {
            if file.hasPrefix("/") || file.hasPrefix("~") { return file }
            return ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(file)
        }
        for index in script.steps.indices {
            switch script.steps[index].action {
            case .attach(let file): script.steps[index].action = .attach(path: resolved(file))
            case .expectTranscript(let file): script.steps[index].action = .expectTranscript(path: resolved(file))
            default: continue
            }
        }
        return script
    }

    /// Parses script text; `file` names it in errors.
    public static func parse(_ text: String, name: String, file: String = "script") throws -> Script {
        var steps: [ScriptStep] = []
        // Split at "\n" scalars: "\r\n" is one `Character`, so splitting the characters would not split CRLF files.
        for (index, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(String.UnicodeScalarView(rawLine)).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                steps.append(ScriptStep(line: index + 1, action: try action(line), source: line))
            } catch let reason as Reason {
                throw ScriptParseError(file: file, line: index + 1, reason.text)
            }
        }
        guard !steps.isEmpty else { throw ScriptParseError(file: file, line: 0, "the script has no steps") }
        return Script(name: name, steps: steps)
    }

    private struct Reason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static func action(_ line: String) throws -> ScriptAction {
        let keyword = line.prefix { !$0.isWhitespace }
        let rest = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
        switch keyword {
        case "send":
            guard !rest.isEmpty else { throw Reason("send needs the text to send") }
            return .send(unquote(rest))
        case "expect":
            let (pattern, within) = try splitWithin(rest)
            guard !pattern.isEmpty else { throw Reason("expect needs a regular expression") }
            try checkRegex(pattern)
            return .expect(pattern: pattern, within: within)
        case "expect-event":
            let (body, within) = try splitWithin(rest)
            let kindWord = body.prefix { !$0.isWhitespace }
            guard let kind = ScriptEventKind(rawValue: String(kindWord)) else {
                let names = ScriptEventKind.allCases.map(\.rawValue).joined(separator: "|")
                throw Reason("expect-event needs one of \(names), got '\(printable(kindWord))'")
            }
            let name = unquote(body.dropFirst(kindWord.count).trimmingCharacters(in: .whitespaces))
            if !name.isEmpty { try checkRegex(name) }
            return .expectEvent(kind, namePattern: name.isEmpty ? nil : name, within: within)
        case "pick":
            guard let number = Int(rest), number >= 1 else { throw Reason("pick needs an option number (1, 2, …), got '\(printable(rest))'") }
            return .pick(number)
        case "set":
            let name = rest.prefix { !$0.isWhitespace }
            guard !name.isEmpty else { throw Reason("set needs a field name and a value, e.g. set Street 12 Pine St") }
            return .setField(name: String(name), value: unquote(rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)))
        case "attach":
            guard !rest.isEmpty else { throw Reason("attach needs a file path") }
            return .attach(path: unquote(rest))
        case "expect-transcript":
            guard !rest.isEmpty else { throw Reason("expect-transcript needs a golden transcript file") }
            return .expectTranscript(path: unquote(rest))
        case "sign-in":
            guard !rest.isEmpty else { throw Reason("sign-in needs the name to sign in as (sign-in-fail fails the sign-in)") }
            return .signIn(name: unquote(rest))
        case "sign-in-fail":
            guard rest.isEmpty else { throw Reason("sign-in-fail takes no arguments") }
            return .signIn(name: nil)
        case "cancel-auth":
            guard rest.isEmpty else { throw Reason("cancel-auth takes no arguments") }
            return .cancelAuthentication
        case "wait":
            return .wait(try duration(rest))
        case "end":
            guard rest.isEmpty else { throw Reason("end takes no arguments") }
            return .end
        default:
            throw Reason(
                "unknown step '\(printable(keyword))'; use send, expect, expect-event, expect-transcript, pick, set, attach, "
                    + "sign-in, sign-in-fail, cancel-auth, wait or end")
        }
    }

    /// Splits a trailing `within DURATION` off.
    private static func splitWithin(_ text: String) throws -> (String, Duration?) {
        guard let range = text.range(of: #"\s+within\s+\S+$"#, options: .regularExpression) else {
            return (unquote(text), nil)
        }
        let limit = text[range].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
        return (unquote(String(text[..<range.lowerBound])), try duration(limit))
    }

    /// `2s`, `500ms`, `1.5s`, `1m`.
    static func duration(_ text: String) throws -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)), value >= 0, value.isFinite {
                guard let duration = OutsideNumbers.duration(seconds: value * scale, atMost: longestDuration) else {
                    throw Reason("'\(printable(text))' is longer than 600s")
                }
                return duration
            }
        }
        throw Reason("'\(printable(text))' is not a duration like 2s, 500ms or 1m")
    }

    private static func checkRegex(_ pattern: String) throws {
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw Reason("'\(printable(pattern))' is not a valid regular expression")
        }
    }

    /// `text` for an error message, control characters written as `\u{…}`: the message stays one line
    /// and cannot drive the terminal it is printed on.
    static func printable(_ text: some StringProtocol) -> String {
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

    /// Strips one pair of surrounding double quotes.
    private static func unquote(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
