import Foundation

/// Finds the line on which a key or table of a TOML document is defined.
///
/// TOMLKit reports a line for syntax errors only, not for the values it parsed; messages about a
/// value (unknown key, wrong type) find its line here, by reading table headers and `key =` lines.
struct TOMLKeyLocator {
    /// The first line (1-based) of each full key path.
    private var lines: [[String]: Int] = [:]
    /// Lines (1-based) whose `key =` names a key, or a table, that an earlier line defined already.
    private(set) var repeatedKeyLines: Set<Int> = []

    /// Reads the headers and keys of `text`, skipping the inside of multi-line strings.
    init(_ text: String) {
        var table: [String] = []
        var openMultiline: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if let quote = openMultiline {
                if line.components(separatedBy: quote).count % 2 == 0 { openMultiline = nil }
                continue
            }
            let number = index + 1
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }
                if let (path, _) = Self.keyPath(inner), !path.isEmpty {
                    table = path
                    record(path, line: number)
                }
                continue
            }
            guard let (path, rest) = Self.keyPath(Substring(line)), !path.isEmpty, rest.first == "=" else { continue }
            if lines[table + path] != nil { repeatedKeyLines.insert(number) }
            record(table + path, line: number)
            for quote in ["\"\"\"", "'''"] where rest.components(separatedBy: quote).count == 2 {
                openMultiline = quote
            }
        }
    }

    /// The line of `path`, else of the longest prefix of it that was found (an inline table), else 1.
    func line(of path: [String]) -> Int {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return 1
    }

    private mutating func record(_ path: [String], line: Int) {
        for length in 1...path.count where lines[Array(path.prefix(length))] == nil {
            lines[Array(path.prefix(length))] = line
        }
    }

    /// Reads a dotted key (`a.b`, `"quoted".c`, `'literal'`) at the start of `text`; returns its parts
    /// and what follows it (whitespace skipped).
    static func keyPath(_ text: Substring) -> ([String], Substring)? {
        var parts: [String] = []
        var rest = text.drop { $0 == " " || $0 == "\t" }
        while let first = rest.first {
            if first == "\"" || first == "'" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: first) else { return nil }
                parts.append(String(body[..<close]))
                rest = body[body.index(after: close)...]
            } else {
                let bare = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                guard !bare.isEmpty else { return nil }
                parts.append(String(bare))
                rest = rest.dropFirst(bare.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "." else { return (parts, rest) }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        }
        return nil
    }
}
