import Testing
@testable import MarkdownANSI

@Suite("ANSIWriter and colours")
struct ANSIWriterTests {
    let bold = TextStyle(bold: true)
    let red = TextStyle(foreground: .rgb(255, 0, 0))

    @Test func minimalTransitionsAndResetAtLineEnd() {
        let line = StyledLine([StyledSpan("a", style: bold), StyledSpan("b", style: TextStyle(bold: true, italic: true)), StyledSpan("c")])
        #expect(ANSIWriter.string([line], mode: .truecolor) == "\u{1B}[1ma\u{1B}[3mb\u{1B}[0mc")
        let styled = StyledLine([StyledSpan("x", style: red)])
        #expect(ANSIWriter.string([styled, styled], mode: .truecolor)
            == "\u{1B}[38;2;255;0;0mx\u{1B}[0m\n\u{1B}[38;2;255;0;0mx\u{1B}[0m")
    }

    @Test func downsampling() {
        let line = StyledLine([StyledSpan("x", style: red)])
        #expect(ANSIWriter.string([line], mode: .ansi256) == "\u{1B}[38;5;196mx\u{1B}[0m")
        #expect(ANSIWriter.string([line], mode: .ansi16) == "\u{1B}[91mx\u{1B}[0m")
        #expect(ANSIWriter.string([line], mode: .none) == "x")
        let grey = StyledLine([StyledSpan("g", style: TextStyle(background: .rgb(0x30, 0x30, 0x30)))])
        #expect(ANSIWriter.string([grey], mode: .ansi256) == "\u{1B}[48;5;236mg\u{1B}[0m")
    }

    @Test func noneKeepsAttributes() {
        let line = StyledLine([StyledSpan("x", style: TextStyle(bold: true, underline: true, foreground: .ansi(1)))])
        #expect(ANSIWriter.string([line], mode: .none) == "\u{1B}[1;4mx\u{1B}[0m")
        #expect(ANSIWriter.string([line], mode: .none, plain: true) == "x")
    }

    @Test func boldOffKeepsDim() {
        let line = StyledLine([StyledSpan("a", style: TextStyle(bold: true, dim: true)), StyledSpan("b", style: TextStyle(dim: true))])
        #expect(ANSIWriter.string([line], mode: .none) == "\u{1B}[1;2ma\u{1B}[22;2mb\u{1B}[0m")
    }

    @Test func hyperlinks() {
        let link = TextStyle(underline: true, link: "https://x.example")
        let line = StyledLine([StyledSpan("go ", style: .plain), StyledSpan("here", style: link), StyledSpan("!")])
        #expect(ANSIWriter.string([line], mode: .none, hyperlinks: true)
            == "go \u{1B}]8;;https://x.example\u{1B}\\\u{1B}[4mhere\u{1B}]8;;\u{1B}\\\u{1B}[0m!")
        #expect(ANSIWriter.string([line], mode: .none, hyperlinks: false) == "go \u{1B}[4mhere\u{1B}[0m!")
    }

    @Test func colorModeDetection() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTTY: true) == .none)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"], isTTY: true) == .truecolor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], isTTY: true) == .ansi256)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"], isTTY: true) == .ansi16)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"], isTTY: true) == .none)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], isTTY: false) == .none)
    }

    @Test func styledLineBasics() {
        let line = StyledLine([StyledSpan("ab"), StyledSpan("世界", style: bold)])
        #expect(line.width == 6)
        #expect(line.plainText == "ab世界")
        #expect(StyledLine().width == 0)
    }

    @Test func wrapPlainKeepsBlankLines() {
        let lines = Markdown.wrapPlain("one two three\n\nfour", width: 8, style: bold)
        #expect(lines.map(\.plainText) == ["one two", "three", "", "four"])
        #expect(lines[0].spans.allSatisfy { $0.style == bold })
    }
}
