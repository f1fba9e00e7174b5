import Testing
@testable import MarkdownANSI

@Suite("TerminalWidth")
struct WidthTests {
    @Test func asciiIsOneColumn() {
        #expect(TerminalWidth.of("a" as Character) == 1)
        #expect(TerminalWidth.of("hello world") == 11)
    }

    @Test func controlCharactersAreZero() {
        #expect(TerminalWidth.of("\u{7}" as Character) == 0)
        #expect(TerminalWidth.of("\u{1B}" as Character) == 0)
        #expect(TerminalWidth.of("\u{7F}" as Character) == 0)
        #expect(TerminalWidth.of("\u{85}" as Character) == 0)
        #expect(TerminalWidth.of("a\u{1B}b") == 2)
    }

    @Test func cjkAndHangulAreTwo() {
        #expect(TerminalWidth.of("世" as Character) == 2)
        #expect(TerminalWidth.of("한" as Character) == 2)
        #expect(TerminalWidth.of("ｱ" as Character) == 1)
        #expect(TerminalWidth.of("Ａ" as Character) == 2)
        #expect(TerminalWidth.of("世界") == 4)
    }

    @Test func emojiAreTwo() {
        #expect(TerminalWidth.of("👋" as Character) == 2)
        #expect(TerminalWidth.of("👋🏽" as Character) == 2)
        #expect(TerminalWidth.of("👨‍👩‍👧" as Character) == 2)
        #expect(TerminalWidth.of("❤️" as Character) == 2)
        #expect(TerminalWidth.of("❤" as Character) == 1)
        #expect(TerminalWidth.of("🇫🇷" as Character) == 2)
        #expect(TerminalWidth.of("1️⃣" as Character) == 2)
    }

    @Test func combiningMarksAddNothing() {
        #expect(TerminalWidth.of("e\u{301}" as Character) == 1)
        #expect(TerminalWidth.of("cafe\u{301}") == 4)
        #expect(TerminalWidth.of("\u{301}" as Character) == 0)
        #expect(TerminalWidth.of("\u{200B}" as Character) == 0)
    }

    @Test func stringWidthSumsClusters() {
        #expect(TerminalWidth.of("a世👋e\u{301}") == 6)
        #expect(StyledLine([StyledSpan("ab"), StyledSpan("世")]).width == 4)
        #expect(TerminalWidth.of("発送済み ✅") == 11)
        #expect(TerminalWidth.of("済" as Character) == 2)
    }
}

@Suite("East Asian line breaking")
struct LineBreakingTests {
    @Test func closingPunctuationNeverStartsALine() {
        let text = "您好！您的订单已经发货，预计三到五个工作日内送达。如有任何问题，请随时联系我们。"
        for width in 4...40 {
            let lines = Markdown.render(text, width: width)
            #expect(Support.fits(lines, width: width))
            for line in lines.dropFirst() {
                let first = line.plainText.first
                #expect(first != "，" && first != "。" && first != "！", "width \(width): \(line.plainText)")
            }
            #expect(Support.plain(lines).filter { $0 != "\n" } == text)
        }
    }

    @Test func openingBracketNeverEndsALine() {
        let text = "注文番号は「ABC-123」です。詳しくは（こちら）をご覧ください。"
        for width in 6...30 {
            let lines = Markdown.render(text, width: width)
            #expect(Support.fits(lines, width: width))
            for line in lines.dropLast() {
                let last = line.plainText.last
                #expect(last != "「" && last != "（", "width \(width): \(line.plainText)")
            }
        }
    }

    @Test func breaksBetweenCJKAndLatinWords() {
        let lines = Markdown.render("世界abc世界", width: 5)
        #expect(Support.fits(lines, width: 5))
        #expect(lines.map(\.plainText) == ["世界", "abc世", "界"])
    }
}
