import Foundation

/// Turns a recorded reply into the regular expression of an `expect` step: the text escaped, with
/// its volatile parts (``VolatileKind``) generalised, on one line.
public enum ReplyPattern {
    /// A pattern that matches `text` and the same reply with other numbers, times, dates, ids and
    /// customer name (`me`). It is searched (not anchored), as `expect` does.
    public static func make(from text: String, me: String? = nil) -> String {
        if text.isEmpty { return "^$" }
        var pattern = ""
        for piece in VolatileText.pieces(of: text, me: me) {
            guard let kind = piece.kind else {
                pattern += escape(piece.text)
                continue
            }
            pattern += generalised(kind, piece.text)
        }
        return safeForScriptLine(pattern)
    }

    /// The regular expression a volatile part of a recording becomes.
    static func generalised(_ kind: VolatileKind, _ text: Substring) -> String {
        switch kind {
        case .me: return ".+?"
        case .uuid: return "[0-9A-Fa-f-]{36}"
        case .id: return "[A-Za-z0-9]+"
        case .number: return text.contains(where: { $0 == "." || $0 == "," }) ? "\\d+(?:[.,]\\d+)*" : "\\d+"
        case .date, .time: return shape(of: text)
        }
    }

    /// The shape of a date or time: digit runs as `\d+`, letter runs as `[A-Za-z]+`, the rest literal
    /// (`Fri, 13 Jun` becomes `[A-Za-z]+, \d+ [A-Za-z]+`).
    static func shape(of text: Substring) -> String {
        var out = ""
        var last: Character?
        for character in text {
            if character.isASCII, character.isNumber {
                if last != "0" { out += "\\d+" }
                last = "0"
            } else if character.isASCII, character.isLetter {
                if last != "a" { out += "[A-Za-z]+" }
                last = "a"
            } else {
                out += escape(Substring(String(character)))
                last = nil
            }
        }
        return out
    }

    /// `text` as a literal in an ICU regular expression, on one line: metacharacters escaped, line
    /// breaks and tabs as `\n`, `\r` and `\t`, other control characters as `\x{…}`.
    public static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}":
                out += "\\" + String(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace && scalar != " " {
                    out += "\\x{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Keeps the script parser from reading part of the pattern as something else: a trailing
    /// `within WORD` would be taken as the step's time limit, spaces at either end would be trimmed,
    /// and a pattern in double quotes would lose them.
    static func safeForScriptLine(_ pattern: String) -> String {
        var pattern = pattern
        // The parser trims the line: spaces at either end are kept as `\x{20}`.
        if pattern.hasSuffix(" ") { pattern = String(pattern.dropLast()) + "\\x{20}" }
        if pattern.hasPrefix(" ") { pattern = "\\x{20}" + pattern.dropFirst() }
        if let range = pattern.range(of: #"\s+within\s+\S+$"#, options: .regularExpression),
           let word = pattern.range(of: "within", range: range)
        {
            // The space right before "within" written as `\x{20}`: the same regex, but no longer a time limit.
            let space = pattern.index(before: word.lowerBound)
            pattern.replaceSubrange(space...space, with: "\\x{20}")
        }
        if pattern.count >= 2, pattern.hasPrefix("\""), pattern.hasSuffix("\"") { pattern = "\\" + pattern }
        return pattern
    }
}
