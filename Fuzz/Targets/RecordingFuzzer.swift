import Foundation

// Recorded replies and golden transcripts (docs/scripting.md), built from `ReplyPattern`,
// `VolatileText`, `GoldenPattern` and `GoldenDiff` (their source files are compiled into this harness,
// with the script parser they use). Invariants, differential where they can be:
// - any reply text becomes an `expect` pattern on one line that compiles, that the script parser reads
//   back as an `expect` without a time limit, and that is found in the text it was made from;
// - the volatile pieces of a text, put together, are the text;
// - a golden file parses or fails with one line naming the file and a line of it; a parsed line without
//   placeholders matches itself; any line escaped as a golden literal matches exactly that line;
// - the diff of a golden file against its own literal lines is empty; any diff is printable lines.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let nameLength = input.int(in: 0...12)
    let me = String(decoding: (0..<nameLength).map { _ in input.byte() }, as: UTF8.self)
    let text = input.restString()

    let pieces = VolatileText.pieces(of: text, me: me)
    require(pieces.map { String($0.text) }.joined() == text, "the pieces of \(text.debugDescription) do not make the text")

    let pattern = ReplyPattern.make(from: text, me: me)
    require(!pattern.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "a pattern over several lines: \(pattern.debugDescription)")
    require((try? NSRegularExpression(pattern: pattern)) != nil, "a pattern that does not compile: \(pattern.debugDescription)")
    do {
        let script = try ScriptParser.parse("expect " + pattern, name: "fuzz")
        guard case .expect(let parsed, let within) = script.steps.first?.action else {
            require(false, "not read back as an expect step: \(pattern.debugDescription)")
            return 0
        }
        require(within == nil, "a time limit read into \(pattern.debugDescription)")
        require(text.range(of: parsed, options: .regularExpression) != nil,
                "/\(parsed)/ (from /\(pattern)/) is not found in \(text.debugDescription)")
    } catch {
        require(false, "the expect line does not parse: \(error) for \(pattern.debugDescription)")
    }

    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in lines.prefix(8) {
        let trimmed = GoldenPattern.trimmedEnd(line)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.unicodeScalars.contains("\r") else { continue }
        do {
            let literal = try GoldenPattern(GoldenPattern.escapeLiteral(trimmed), line: 1, file: "fuzz.golden", me: me)
            require(literal.matches(trimmed), "the escaped golden literal of \(trimmed.debugDescription) does not match it")
        } catch {
            require(false, "an escaped literal does not parse: \(error)")
        }
    }
    do {
        let golden = try GoldenPattern.parse(text, file: "fuzz.golden", me: me)
        for line in golden where !line.source.contains("{{") {
            require(line.matches(line.source), "a literal golden line does not match itself: \(line.source.debugDescription)")
        }
        let actual = golden.map(\.source)
        if let diff = GoldenDiff.diff(expected: golden, actual: actual.reversed(), expectedName: "a", actualName: "b") {
            require(!diff.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character in a diff")
        }
        let literals = try actual.filter { !$0.contains("{{") }.enumerated().map {
            try GoldenPattern($0.element, line: $0.offset + 1, file: "fuzz.golden", me: me)
        }
        require(GoldenDiff.diff(expected: literals, actual: literals.map(\.source), expectedName: "a", actualName: "b") == nil,
                "lines differ from themselves")
    } catch {
        let message = "\(error)"
        require(message.hasPrefix("fuzz.golden:") && !message.contains("\n"), "a golden error that is not one line naming the file: \(message.debugDescription)")
    }
    return 0
}
