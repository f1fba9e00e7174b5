import Testing
@testable import MarkdownANSI
import SimulatedServices

/// Properties over generated documents. "No visible text lost" means: every non-whitespace
/// grapheme of the text a reader should see (words without markdown syntax, in source order)
/// appears in the rendered plain text in the same order (a subsequence; markers, bullets and
/// link URLs may be added between them). Whitespace may be dropped at wrap points. Documents
/// with a table use the order-free form (every grapheme present at least as often), because a
/// table's wrapped cells interleave line by line.
@Suite("Rendering properties")
struct PropertyTests {
    @Test func generatedDocumentsFitAndKeepText() {
        var widths = SimRandom(seed: 99)
        for seed in 0..<2000 {
            var generator = MarkdownGenerator(seed: UInt64(seed))
            let (markdown, visible) = generator.document()
            for width in [10, Int.random(in: 11...120, using: &widths)] {
                let lines = Markdown.render(markdown, width: width)
                let tooWide = lines.first { $0.width > width }
                #expect(tooWide == nil, "seed \(seed) width \(width): \(tooWide?.plainText ?? "")")
                let output = Support.plain(lines)
                let hasTable = markdown.contains("|---") || markdown.contains("|:--")
                let missing = hasTable
                    ? (Support.containsAllGraphemes(visible, in: output) ? nil : 0)
                    : Support.firstMissing(visible, in: output)
                #expect(missing == nil, "seed \(seed) width \(width) lost grapheme \(missing ?? -1)\n\(markdown)")
                if tooWide != nil || missing != nil { return }
            }
        }
    }

    @Test func wrapPlainFitsAndKeepsText() {
        for seed in 0..<1000 {
            var generator = MarkdownGenerator(seed: UInt64(seed) + 50_000)
            let (_, text) = generator.paragraph(maxWords: 60)
            let width = 10 + seed % 111
            let lines = Markdown.wrapPlain(text, width: width)
            #expect(Support.fits(lines, width: width), "seed \(seed)")
            #expect(Support.keepsVisibleText(text, in: Support.plain(lines)), "seed \(seed)")
        }
    }

    @Test func narrowWidthsDoNotCrash() {
        var generator = MarkdownGenerator(seed: 7)
        for _ in 0..<200 {
            let (markdown, visible) = generator.document()
            for width in [-5, 0, 1, 2, 3, 5, 9] {
                let lines = Markdown.render(markdown, width: width)
                #expect(Support.keepsVisibleText(visible, in: Support.plain(lines)))
            }
        }
    }

    @Test func renderingIsPure() {
        var generator = MarkdownGenerator(seed: 11)
        for _ in 0..<50 {
            let (markdown, _) = generator.document()
            #expect(Markdown.render(markdown, width: 37) == Markdown.render(markdown, width: 37))
        }
    }
}

@Suite("ASCII wrapping fast path")
struct ASCIIWrapperTests {
    @Test func agreesWithGeneralWrapper() {
        var random = SimRandom(seed: 314)
        let words = ["a", "to", "the", "order", "refund", "supercalifragilisticexpialidocious", "x1", "", " "]
        let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true, link: "https://x.example")]
        for _ in 0..<3000 {
            var spans: [StyledSpan] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                var text = ""
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    text += words[Int.random(in: 0..<words.count, using: &random)]
                    text += String(repeating: " ", count: Int.random(in: 0...2, using: &random))
                }
                if !text.isEmpty { spans.append(StyledSpan(text, style: styles[Int.random(in: 0..<styles.count, using: &random)])) }
            }
            guard !spans.isEmpty else { continue }
            let width = Int.random(in: 1...30, using: &random)
            let prefix = [StyledSpan("> ")]
            guard let fast = ASCIIWrapper.wrap(spans, width: width, firstPrefix: prefix, restPrefix: prefix) else { continue }
            let slow = LineWrapper.slowWrap(spans, width: width, firstPrefix: prefix, restPrefix: prefix)
            #expect(fast == slow, "\(spans.map(\.text)) at \(width)")
            if fast != slow { return }
        }
    }

    @Test func agreesWithGeneralWrapperAcrossHardBreaks() {
        var random = SimRandom(seed: 2718)
        let words = [
            "a", "to", "the", "order", "refund", "supercalifragilisticexpialidocious", "x1", "café", "—", "→",
            "naïve–ñandú", "\u{A0}", " ", "\n",
        ]
        let styles = [TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true, link: "https://x.example")]
        var compared = 0
        for _ in 0..<4000 {
            var spans: [StyledSpan] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let word = words[Int.random(in: 0..<words.count, using: &random)]
                if word == "\n" {
                    spans.append(StyledSpan("\n"))
                    continue
                }
                var text = word
                for _ in 0..<Int.random(in: 0...5, using: &random) {
                    text += String(repeating: " ", count: Int.random(in: 0...2, using: &random))
                    text += words[Int.random(in: 0..<(words.count - 1), using: &random)]
                }
                spans.append(StyledSpan(text, style: styles[Int.random(in: 0..<styles.count, using: &random)]))
            }
            let width = Int.random(in: 1...30, using: &random)
            let first = [StyledSpan("• ", style: TextStyle(bold: true))]
            let rest = [StyledSpan("│ "), StyledSpan("  ")]
            guard let fast = ASCIIWrapper.wrap(spans, width: width, firstPrefix: first, restPrefix: rest) else { continue }
            compared += 1
            let slow = LineWrapper.slowWrap(spans, width: width, firstPrefix: first, restPrefix: rest)
            #expect(fast == slow, "\(spans.map(\.text)) at \(width)")
            if fast != slow { return }
        }
        #expect(compared > 1000)
    }
}
