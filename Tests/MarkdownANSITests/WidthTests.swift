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
