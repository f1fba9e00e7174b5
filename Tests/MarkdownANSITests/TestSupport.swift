import Foundation
@testable import MarkdownANSI

enum Support {
    /// Directory of this test target (golden files and fixtures live beside the sources).
    static let testDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()

    /// Plain text of rendered lines joined by newlines.
    static func plain(_ lines: [StyledLine]) -> String {
        ANSIWriter.string(lines, mode: .none, plain: true)
    }

    /// The graphemes of `text` that are not whitespace, in order.
    static func visibleGraphemes(_ text: String) -> [Character] {
        text.filter { !$0.isWhitespace }.map { $0 }
    }

    /// Whether every non-whitespace grapheme of `expected` appears in `actual`, in order
    /// (a subsequence test: the renderer may add markers, bullets, URLs, but never drop text).
    static func keepsVisibleText(_ expected: String, in actual: String) -> Bool {
        firstMissing(expected, in: actual) == nil
    }

    /// The index of the first grapheme of `expected` not found in order in `actual`, or nil.
    static func firstMissing(_ expected: String, in actual: String) -> Int? {
        let wanted = visibleGraphemes(expected)
        let have = visibleGraphemes(actual)
        var position = 0
        for (index, character) in wanted.enumerated() {
            while position < have.count && have[position] != character { position += 1 }
            if position == have.count { return index }
            position += 1
        }
        return nil
    }

    /// Whether `actual` holds every non-whitespace grapheme of `expected` at least as often
    /// (order-free; used for tables, whose wrapped cells interleave across lines).
    static func containsAllGraphemes(_ expected: String, in actual: String) -> Bool {
        var counts: [Character: Int] = [:]
        for character in visibleGraphemes(actual) { counts[character, default: 0] += 1 }
        for character in visibleGraphemes(expected) {
            guard let count = counts[character], count > 0 else { return false }
            counts[character] = count - 1
        }
        return true
    }

    /// Visible text of reference HTML: tags (quote-aware), comments and processing
    /// instructions removed, entities decoded.
    static func visibleText(ofHTML html: String) -> String {
        let characters = Array(html)
        var output = ""
        var index = 0
        func skip(to terminator: String, from start: Int) -> Int? {
            let target = Array(terminator)
            var scan = start
            while scan + target.count <= characters.count {
                if Array(characters[scan..<(scan + target.count)]) == target { return scan + target.count }
                scan += 1
            }
            return nil
        }
        while index < characters.count {
            let character = characters[index]
            guard character == "<", index + 1 < characters.count else {
                output.append(character)
                index += 1
                continue
            }
            let next = characters[index + 1]
            if html.count > index + 3, characters[index + 1] == "!", characters[index + 2] == "-",
                let end = skip(to: "-->", from: index + 2) {
                index = end
                continue
            }
            if next == "?", let end = skip(to: "?>", from: index + 2) {
                index = end
                continue
            }
            guard next.isLetter || next == "/" || next == "!" else {
                output.append(character)
                index += 1
                continue
            }
            var scan = index + 1
            var quote: Character?
            while scan < characters.count {
                let current = characters[scan]
                if let open = quote {
                    if current == open { quote = nil }
                } else if current == "\"" || current == "'" {
                    quote = current
                } else if current == ">" {
                    break
                }
                scan += 1
            }
            if scan >= characters.count {
                output.append(character)
                index += 1
                continue
            }
            output += " "
            index = scan + 1
        }
        return HTMLSubset.decodeEntities(output)
    }

    /// Every line's width is at most `width`.
    static func fits(_ lines: [StyledLine], width: Int) -> Bool {
        lines.allSatisfy { $0.width <= width }
    }

    /// SGR output with ESC made visible as `\e` (for golden files).
    static func escaped(_ lines: [StyledLine], mode: ColorMode) -> String {
        ANSIWriter.string(lines, mode: mode, hyperlinks: true).replacingOccurrences(of: "\u{1B}", with: "\\e")
    }

    /// Compares `actual` with the golden file `name`, or rewrites it when HELPLINE_RECORD_GOLDEN=1.
    static func golden(_ name: String, _ actual: String) -> (matches: Bool, expected: String) {
        let url = testDirectory.appendingPathComponent("Golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["HELPLINE_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return (true, actual)
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing golden file \(name)>"
        return (expected == actual, expected)
    }

    /// The chat-reply corpus used by the benchmark (Resources/bench/replies.json).
    static func corpus() -> [String] {
        let url = testDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/bench/replies.json")
        guard let data = try? Data(contentsOf: url),
            let replies = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return replies
    }
}
