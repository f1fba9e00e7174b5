import Foundation

/// One line of a golden transcript as a pattern: literal text with `{{…}}` placeholders, matched
/// against a whole line of the run's transcript.
///
/// Placeholders: `{{number}}`, `{{time}}`, `{{date}}`, `{{uuid}}`, `{{id}}`, `{{me}}` (the customer's
/// name in this run), `{{any}}` (any text, or none) and `{{/REGEX/}}` (an ICU regular expression).
/// A literal `{{` is written `{{/\{\{/}}`.
public struct GoldenPattern: Sendable {
    /// The line as written in the golden file.
    public let source: String
    /// Its line number in the file.
    public let line: Int
    private let expression: NSRegularExpression?

    /// A golden line that is not valid: its line and why.
    public struct Problem: Error, CustomStringConvertible {
        /// `FILE:LINE: reason`.
        public let description: String
    }

    /// The placeholders by name, as regular expressions (`me` is added per run).
    static let placeholders: [String: String] = [
        "number": #"-?\d+(?:[.,]\d+)*"#,
        "time": #"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp]\.?[Mm]\.?)?"#,
        "date": #"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|(?:[A-Za-z]+,?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]+\.?|[A-Za-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?)(?:,?\s+\d{4})?)"#,
        "uuid": #"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#,
        "id": #"[A-Za-z0-9_-]+"#,
        "any": #".*?"#,
    ]

    /// Parses `source` (line `line` of `file`); `me` is the customer's name in this run.
    public init(_ source: String, line: Int, file: String, me: String?) throws {
        self.source = source
        self.line = line
        guard source.contains("{{") else {
            expression = nil
            return
        }
        var pattern = "^"
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            pattern += ReplyPattern.escape(rest[..<open.lowerBound])
            let inside = rest[open.upperBound...]
            if inside.hasPrefix("/"), let close = inside.dropFirst().range(of: "/}}") {
                let regex = inside.dropFirst()[..<close.lowerBound]
                guard !regex.isEmpty, (try? NSRegularExpression(pattern: String(regex))) != nil else {
                    throw Problem(description: "\(file):\(line): '{{/\(ScriptParser.printable(regex))/}}' is not a valid regular expression")
                }
                pattern += "(?:\(regex))"
                rest = inside.dropFirst()[close.upperBound...]
                continue
            }
            guard let close = inside.range(of: "}}") else {
                throw Problem(description: "\(file):\(line): '{{' without '}}' (write a literal {{ as {{/\\{\\{/}})")
            }
            let name = String(inside[..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
            if name == "me" {
                pattern += me.map { ReplyPattern.escape($0) } ?? ".+?"
            } else if let known = Self.placeholders[name] {
                pattern += "(?:\(known))"
            } else {
                let names = (Self.placeholders.keys.sorted() + ["me", "/REGEX/"]).map { "{{\($0)}}" }.joined(separator: ", ")
                throw Problem(description: "\(file):\(line): unknown placeholder {{\(ScriptParser.printable(name))}}; use \(names)")
            }
            rest = inside[close.upperBound...]
        }
        pattern += ReplyPattern.escape(rest) + "$"
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            throw Problem(description: "\(file):\(line): the line does not make a valid pattern")
        }
    }

    /// True when `actual` (one line of the run's transcript) matches the whole line.
    public func matches(_ actual: String) -> Bool {
        guard let expression else { return source == actual }
        return expression.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
    }

    /// `text` as literal golden text: `{{` written as `{{/\{\{/}}`.
    static func escapeLiteral(_ text: some StringProtocol) -> String {
        text.replacingOccurrences(of: "{{", with: #"{{/\{\{/}}"#)
    }

    /// The line without trailing white space (editors strip it; it is never compared).
    static func trimmedEnd(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last.isWhitespace { line = line.dropLast() }
        return String(line)
    }

    /// The golden file's lines to compare (comments and blank lines left out), as patterns.
    public static func parse(_ text: String, file: String, me: String?) throws -> [GoldenPattern] {
        var patterns: [GoldenPattern] = []
        for (index, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmedEnd(String(String.UnicodeScalarView(raw)))
            if line.isEmpty || line.hasPrefix("#") { continue }
            patterns.append(try GoldenPattern(line, line: index + 1, file: file, me: me))
        }
        return patterns
    }
}
