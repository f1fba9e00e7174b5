import Testing
@testable import MarkdownANSI

/// Inputs the markdown fuzz target (`make fuzz`, Fuzz/Targets/MarkdownFuzzer.swift) found, each a
/// bug fixed in the renderer (docs/robustness.md lists them).
@Suite("Fuzzing regressions")
struct FuzzRegressionTests {
    /// Every character of the rendered text, hard-break spans aside.
    private static func scalars(_ lines: [StyledLine]) -> [Unicode.Scalar] {
        lines.flatMap { $0.spans.flatMap { Array($0.text.unicodeScalars) } }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    @Test("character references to control characters are dropped, not decoded into the output")
    func characterReferencesToControls() {
        for text in ["D</a>\r\r&#8;fo\u{3000}", "&#27;[31mred&#27;[0m", "<b>&#x9B;2J</b> &#7;bell", "a &#x7f; b", "[&#27;](u)"] {
            let lines = Markdown.render(text, width: 40)
            #expect(!Self.scalars(lines).contains(where: Self.isControl), "\(text.debugDescription)")
            let output = ANSIWriter.string(lines, mode: .truecolor, hyperlinks: true)
            #expect(!output.contains("\u{1B}[31m") && !output.contains("\u{1B}[2J") && !output.contains("\u{7}"))
        }
        #expect(Support.plain(Markdown.render("&#27;[31mred", width: 40)) == "[31mred")
    }

    @Test("U+FE0F widens only an emoji base: a block starting with it after an indent still fits")
    func variationSelectorAfterAnIndent() {
        #expect(TerminalWidth.of(" \u{FE0F}") == 1)
        #expect(TerminalWidth.of("a\u{FE0F}") == 1)
        #expect(TerminalWidth.of("\u{2764}\u{FE0F}") == 2)
        #expect(TerminalWidth.of("1\u{FE0F}\u{20E3}") == 2)
        for text in ["- \u{FE0F}  d " + String(repeating: "t", count: 80), "> \u{FE0F}x y", "1. \u{FE0F}\u{FE0F} z"] {
            for width in [5, 12, 57] {
                let lines = Markdown.render(text, width: width)
                #expect(lines.allSatisfy { $0.width <= width }, "\(text.debugDescription) at \(width): \(lines.map(\.plainText))")
            }
        }
    }

    /// Streams every prefix of `text` (cut every third scalar) and compares with a whole render.
    private static func expectStreamMatchesWholeRender(_ text: String, width: Int = 20) {
        let scalars = Array(text.unicodeScalars)
        for cut in stride(from: 1, through: scalars.count, by: 3) {
            var stream = StreamingMarkdown()
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[..<cut])
            stream.append(String(view))
            let expected = Markdown.render(stream.displayedText, width: width)
            #expect(stream.lines(width: width, theme: .default) == expected, "\(text.debugDescription) after \(cut) scalars")
        }
    }

    @Test("a fence line inside an HTML block like <p> is HTML text for the stream too, as for the parser")
    func fenceInsideATypeSixHTMLBlock() {
        Self.expectStreamMatchesWholeRender(
            "<p>Thanks for waiting!</p>\n}\n```\n\nIs there anything else\n```\n\nIs th 2.1 or later\n3. Restart your phone\n")
    }

    @Test("<pre> followed by U+FE0F starts an HTML block for the stream too (bytes, not characters, are compared)")
    func preTagFollowedByAVariationSelector() {
        Self.expectStreamMatchesWholeRender("x<td>\n<pre>\u{FE0F}\n**Hello**,\n\n_world_.\nmore\n", width: 60)
    }

    @Test("the text of inline HTML that spans lines is flattened like other text")
    func inlineHTMLSpanningLines() {
        let text = "==<![CDATA[\nfunction matchwo(a,b)\n{\n if (a < b && a < 0) then {\n    return \n]]>\nok"
        let lines = Markdown.render(text, width: 60)
        #expect(!Self.scalars(lines).contains(where: Self.isControl))
        #expect(lines.allSatisfy { $0.width <= 60 })
        #expect(Support.plain(lines).contains("function matchwo(a,b) {"))
    }

    @Test("a stream whose link reference definition comes later shows what Markdown.render shows")
    func streamingWithLinkReferenceDefinitions() {
        for text in ["[foo][]\n\n[foo]: /url1\n", "[[bar [foo]\n\n[foo]\0\0\0: /url\n", "[x]: /a\n\nsee [x]\n\nand [x]"] {
            var stream = StreamingMarkdown()
            for character in text {
                stream.append(String(character))
                #expect(stream.lines(width: 59, theme: .light) == Markdown.render(stream.displayedText, width: 59, theme: .light))
            }
            stream.finish()
            #expect(stream.lines(width: 59, theme: .light) == Markdown.render(text, width: 59, theme: .light), "\(text.debugDescription)")
        }
    }

    /// The block scanner read the raw text while the parser reads it cleaned: a NUL before a fence
    /// hid the fence from the scanner, which then cut the stream inside the code block.
    @Test("a control character at a line start does not cut the stream where the parser sees none")
    func streamingSeesWhatTheParserSees() {
        let text = "para\n\n\u{0}```\ncode\n\nmore\n```\nend"
        var stream = StreamingMarkdown()
        for character in text { stream.append(String(character)) }
        stream.finish()
        #expect(stream.lines(width: 30, theme: .default) == Markdown.render(text, width: 30))
    }

    /// cmark ends a line at a CR alone, the block scanner only at LF: `\r<?` opened an HTML block the
    /// scanner did not see, and the stream was cut inside it.
    @Test("a CR alone does not cut the stream where the parser sees no block boundary")
    func streamingWithLoneCarriageReturns() {
        for text in ["\r<?\n\ni", "x\n\n\r```\ncode\n\nmore\n```\nend", "a\r\nb\n\nc"] {
            var stream = StreamingMarkdown()
            for scalar in text.unicodeScalars {
                stream.append(String(scalar))
                #expect(stream.lines(width: 73, theme: .default) == Markdown.render(stream.displayedText, width: 73))
            }
            stream.finish()
            #expect(stream.lines(width: 73, theme: .default) == Markdown.render(text, width: 73), "\(text.debugDescription)")
        }
    }

    @Test("wrapping nothing (an empty heading) gives the general wrapper's one trimmed prefix line")
    func wrappingNoSpans() {
        let prefix = [StyledSpan("> ")]
        let lines = LineWrapper.wrap([], width: 13, firstPrefix: prefix, restPrefix: prefix)
        #expect(lines == LineWrapper.slowWrap([], width: 13, firstPrefix: prefix, restPrefix: prefix))
        #expect(lines == [StyledLine([StyledSpan(">")])])
    }
}
