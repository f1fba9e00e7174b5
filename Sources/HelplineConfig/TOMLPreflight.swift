/// A check of a TOML text before the TOML library sees it: a table header whose name does not
/// start with a key character, a `}` inside a list, and a non-ASCII character outside strings and
/// comments, are refused here with the file and line.
///
/// The C++ parser behind TOMLKit assumes, without checking, that a table name starts with a key
/// character or a quote: `[/x]` or `[§x]` trips its assertion in a debug build (found by fuzzing)
/// and is undefined behaviour in a release build. It assumes the same of a list's values (`[}`).
enum TOMLPreflight {
    /// The error for the first such header or character, if there is one.
    static func check(_ text: String, file: String) -> ConfigError? {
        var state = State.code
        var line = 1
        var atLineStart = true  // only whitespace so far on this line (outside strings)
        var inHeader = false  // this line is a table header: its brackets are not arrays
        var open: [Unicode.Scalar] = []  // the value's open `[` and `{` (an array may span lines)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        /// Whether the three scalars at `index` are `mark`.
        func triple(_ mark: Unicode.Scalar) -> Bool {
            index + 2 < scalars.count && scalars[index] == mark && scalars[index + 1] == mark && scalars[index + 2] == mark
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                line += 1
                // Comments and one-line strings end with the line (an open one-line string is the
                // parser's error to report).
                if state != .multiLineBasic && state != .multiLineLiteral { state = .code }
                atLineStart = true
                inHeader = false
                index += 1
                continue
            }
            switch state {
            case .code:
                defer { if scalar != " " && scalar != "\t" { atLineStart = false } }
                if triple("\"") {
                    state = .multiLineBasic
                    index += 3
                    continue
                } else if triple("'") {
                    state = .multiLineLiteral
                    index += 3
                    continue
                } else if scalar == "\"" {
                    state = .basic
                } else if scalar == "'" {
                    state = .literal
                } else if scalar == "#" {
                    state = .comment
                } else if scalar == "[", atLineStart, open.isEmpty {
                    inHeader = true
                    if let error = headerName(scalars, after: index, line: line, file: file) { return error }
                } else if (scalar == "[" || scalar == "{"), !inHeader {
                    open.append(scalar)
                } else if (scalar == "]" || scalar == "}"), !inHeader {
                    // The parser takes a `}` inside a list for the start of a value, unchecked.
                    if scalar == "}", open.last == "[" {
                        return ConfigError("\(file):\(line): '}' inside a list (a list is [\"a\", \"b\"])")
                    }
                    _ = open.popLast()
                } else if !scalar.isASCII {
                    return ConfigError(
                        "\(file):\(line): '\(scalar)' outside quotes "
                            + "(keys and table names need \"quotes\" to hold characters other than A-Z, a-z, 0-9, - and _)")
                }
            case .basic, .multiLineBasic:
                atLineStart = false
                if scalar == "\\" {
                    // An escape: skip the escaped scalar, unless it ends the line (a line-ending backslash).
                    index += index + 1 < scalars.count && scalars[index + 1] != "\n" ? 2 : 1
                    continue
                }
                if state == .multiLineBasic, triple("\"") {
                    state = .code
                    index += 3
                    continue
                }
                if state == .basic, scalar == "\"" { state = .code }
            case .literal:
                if scalar == "'" { state = .code }
            case .multiLineLiteral:
                if triple("'") {
                    state = .code
                    index += 3
                    continue
                }
            case .comment:
                break
            }
            index += 1
        }
        return nil
    }

    /// The error for a table header at `start` (its `[`) whose name does not begin with a key
    /// character (A-Z, a-z, 0-9, - or _) or a quote; an empty name (`[]`) is the parser's to report.
    private static func headerName(_ scalars: [Unicode.Scalar], after start: Int, line: Int, file: String) -> ConfigError? {
        var index = start + 1
        func skipBlanks() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        skipBlanks()
        if index < scalars.count, scalars[index] == "[" {
            index += 1
            skipBlanks()
        }
        guard index < scalars.count else { return nil }
        let first = scalars[index]
        let isKeyStart = ("0"..."9").contains(first) || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
            || first == "-" || first == "_" || first == "\"" || first == "'" || first == "]"
        guard !isKeyStart else { return nil }
        return ConfigError("\(file):\(line): a table name starts with '\(first)' (tables are [profiles.NAME]; quote a name with other characters)")
    }

    /// Where the scan is: in plain TOML, inside one of the four kinds of string, or in a comment.
    private enum State {
        case code, basic, literal, multiLineBasic, multiLineLiteral, comment
    }
}
