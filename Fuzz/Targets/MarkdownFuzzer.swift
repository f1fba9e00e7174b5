import Foundation
@testable import MarkdownANSI

// The markdown renderer on untrusted text (agent and bot replies). Invariants:
// - no line wider than the width (at widths 1 and 2, where a 2-column glyph may not fit beside a
//   one-column prefix, one column more);
// - the ANSI text holds no control byte but "\n" and the escapes the writer emits itself
//   (`ESC [ digits;… m` SGR, and OSC 8 hyperlinks `ESC ]8;;URL ESC \` with a control-free URL);
//   plain output holds no escape at all;
// - streaming (differential): a reply fed in chunks shows exactly `Markdown.render` of the text
//   displayed so far, and the whole reply once finished;
// - wrapping (differential): `LineWrapper.wrap` with its one-line and ASCII fast paths equals the
//   general `slowWrap`.
// Input: width byte, flags byte, then the text.

/// The width a byte picks: mostly 10…150, sometimes 1…9.
func width(_ byte: UInt8) -> Int {
    byte >= 0xE0 ? 1 + Int(byte - 0xE0) % 9 : 10 + Int(byte) % 141
}

/// Whether rendered lines fit `width`.
func checkFits(_ lines: [StyledLine], width: Int, _ what: String) {
    for (index, line) in lines.enumerated() {
        // Below 3 columns a 2-column glyph cannot always fit beside a prefix: one column of overhang.
        let allowed = width >= 3 ? width : width + 1
        require(line.width <= allowed, "\(what): line \(index) is \(line.width) columns at width \(width): \(line.plainText.debugDescription)")
        for span in line.spans {
            require(
                !span.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "\(what): a control character in span \(span.text.debugDescription)")
        }
    }
}

/// Scans writer output: only "\n", SGR sequences and (when allowed) OSC 8 hyperlinks may hold controls.
func checkTerminalSafe(_ output: String, hyperlinks: Bool, plain: Bool) {
    let scalars = Array(output.unicodeScalars)
    var index = 0
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x0A) || (0x7F...0x9F).contains(scalar.value)
    }
    while index < scalars.count {
        let scalar = scalars[index]
        guard scalar.value == 0x1B else {
            require(!isControl(scalar), "control U+\(String(scalar.value, radix: 16)) at \(index) in \(output.debugDescription)")
            index += 1
            continue
        }
        require(!plain, "an escape in plain output: \(output.debugDescription)")
        let next = index + 1 < scalars.count ? scalars[index + 1] : " "
        if next == "[" {
            var end = index + 2
            while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == ";" { end += 1 }
            require(end < scalars.count && scalars[end] == "m", "an escape that is not SGR at \(index) in \(output.debugDescription)")
            index = end + 1
        } else if next == "]" {
            require(hyperlinks, "an OSC sequence without hyperlinks at \(index)")
            let head: [Unicode.Scalar] = ["]", "8", ";", ";"]
            require(Array(scalars[(index + 1)..<min(index + 5, scalars.count)]) == head, "an OSC that is not OSC 8 at \(index)")
            var end = index + 5
            while end < scalars.count, scalars[end].value != 0x1B {
                require(!isControl(scalars[end]), "a control inside a hyperlink URL at \(end) in \(output.debugDescription)")
                end += 1
            }
            require(end + 1 < scalars.count && scalars[end + 1] == "\\", "an unterminated hyperlink at \(index)")
            index = end + 2
        } else {
            require(false, "a bare escape at \(index) in \(output.debugDescription)")
        }
    }
}

/// Where two renders first differ, for the report.
func difference(_ got: [StyledLine], _ expected: [StyledLine]) -> String {
    let index = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
    let show = { (lines: [StyledLine]) in index < lines.count ? "\(lines[index])" : "(no line)" }
    return "\(got.count) vs \(expected.count) lines, first difference at line \(index):\n got \(show(got))\n expected \(show(expected))"
}

/// Streams `text` in pieces cut at unicode scalars (as chunks arrive) and compares with whole renders.
func checkStreaming(_ text: String, width: Int, theme: Theme, seed: UInt8) {
    let scalars = Array(text.unicodeScalars)
    var stream = StreamingMarkdown()
    var start = 0
    var step = Int(seed)
    var checks = 0
    while start < scalars.count {
        step = (step &* 37 &+ 11) & 0xFF
        let end = min(scalars.count, start + 1 + step % max(1, scalars.count / 4 + 1))
        var chunk = String.UnicodeScalarView()
        chunk.append(contentsOf: scalars[start..<end])
        stream.append(String(chunk))
        start = end
        guard checks < 3 && step & 1 == 0 else { continue }
        checks += 1
        let lines = stream.lines(width: width, theme: theme)
        let expected = Markdown.render(stream.displayedText, width: width, theme: theme)
        require(
            lines == expected,
            "streamed lines differ from a whole render after \(start) of \(scalars.count) scalars of \(text.debugDescription): "
                + difference(lines, expected))
    }
    stream.finish()
    let finished = stream.lines(width: width, theme: theme)
    let whole = Markdown.render(text, width: width, theme: theme)
    require(finished == whole, "a finished stream of \(text.debugDescription) differs from the whole render: " + difference(finished, whole))
}

/// Wraps the text as styled spans ("|" starts a new span, "\n" a hard break) both ways.
func checkWrapping(_ text: String, width: Int, flags: UInt8) {
    let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true, link: "https://x.example")]
    var spans: [StyledSpan] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).enumerated() {
        if index > 0 { spans.append(StyledSpan("\n")) }
        for (part, piece) in line.split(separator: "|").enumerated() {
            // As the document builder makes them: clean, flat and never empty.
            let text = Sanitizer.flattenWhitespace(Sanitizer.clean(String(piece)))
            if !text.isEmpty { spans.append(StyledSpan(text, style: styles[(part + Int(flags)) % styles.count])) }
        }
    }
    let prefixes: [[StyledSpan]] = [[], [StyledSpan("> ")], [StyledSpan("• ", style: TextStyle(bold: true))]]
    let first = prefixes[Int(flags >> 2) % prefixes.count]
    let rest = flags & 0x20 == 0 ? first : [StyledSpan("│ "), StyledSpan("  ")]
    let fast = LineWrapper.wrap(spans, width: width, firstPrefix: first, restPrefix: rest)
    let slow = LineWrapper.slowWrap(spans, width: width, firstPrefix: first, restPrefix: rest)
    require(fast == slow, "the wrapping fast paths differ from slowWrap at width \(width) for \(spans):\n fast \(fast)\n slow \(slow)")
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let width = width(input.byte())
    let flags = input.byte()
    let text = input.restString()
    let theme = [Theme.default, .light, .monochrome][Int(flags & 3) % 3]
    let modes: [ColorMode] = [.none, .ansi16, .ansi256, .truecolor]

    let lines = Markdown.render(text, width: width, theme: theme)
    checkFits(lines, width: width, "render")
    let hyperlinks = flags & 0x40 != 0
    checkTerminalSafe(ANSIWriter.string(lines, mode: modes[Int(flags >> 2) & 3], hyperlinks: hyperlinks), hyperlinks: hyperlinks, plain: false)
    checkTerminalSafe(ANSIWriter.string(lines, mode: .none, plain: true), hyperlinks: false, plain: true)
    checkFits(Markdown.wrapPlain(text, width: width), width: width, "wrapPlain")
    checkWrapping(text, width: width, flags: flags)
    // Streaming renders the text several times over: half the inputs, up to 1 KB.
    if flags & 0x80 != 0 && text.utf8.count <= 1024 { checkStreaming(text, width: width, theme: theme, seed: flags) }
    return 0
}
