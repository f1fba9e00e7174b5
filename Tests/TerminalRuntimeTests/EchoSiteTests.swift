import MarkdownANSI
import Testing

@testable import TerminalRuntime

@Suite("Where an echo ahead of the frame goes")
struct EchoSiteTests {
    static let prompt = TextStyle(bold: true)
    static let hint = TextStyle(dim: true)

    /// A row: a prompt, then typed text or a placeholder.
    static func line(_ spans: (String, TextStyle)...) -> StyledLine {
        StyledLine(spans.map { StyledSpan($0.0, style: $0.1) })
    }

    @Test func typedTextIsExtendedInItsOwnStyle() {
        let row = Self.line(("› ", Self.prompt), ("hello", .plain))
        var site = EchoSite(line: row, row: 0, column: 7)
        #expect(site.allows(Echo("x"), width: 20))
        #expect(site.style(of: Echo("x")) == .plain)
        var spans = row.spans
        site.draw(Echo("xy"), over: &spans)
        #expect(spans == [StyledSpan("› ", style: Self.prompt), StyledSpan("helloxy")])
        #expect(site == EchoSite(line: StyledLine(spans), row: 0, column: 9))
    }

    @Test func aPlaceholderIsReplacedInThePlainStyle() {
        let row = Self.line(("› ", Self.prompt), ("Type a message", Self.hint))
        var site = EchoSite(line: row, row: 1, column: 2)
        #expect(!site.allows(Echo("a"), width: 40), "the row does not end at the cursor")
        #expect(site.allows(Echo("a", replacesRest: true), width: 40))
        #expect(site.style(of: Echo("a", replacesRest: true)) == .plain)
        var spans = row.spans
        site.draw(Echo("a", replacesRest: true), over: &spans)
        #expect(spans == [StyledSpan("› ", style: Self.prompt), StyledSpan("a")])
        #expect(site == EchoSite(line: StyledLine(spans), row: 1, column: 3))
        #expect(site.allows(Echo("b"), width: 40), "what follows extends the echo")
        #expect(site.style(of: Echo("b")) == .plain)
    }

    @Test func aCursorInsideASpanOrPastTheTextTakesNoEcho() {
        let row = Self.line(("› ", Self.prompt), ("hello", .plain))
        let inside = EchoSite(line: row, row: 0, column: 4)
        #expect(!inside.allows(Echo("x"), width: 40))
        #expect(!inside.allows(Echo("x", replacesRest: true), width: 40))
        let past = EchoSite(line: row, row: 0, column: 9)
        #expect(!past.allows(Echo("x"), width: 40))
        #expect(!past.allows(Echo("x", replacesRest: true), width: 40))
        #expect(!EchoSite(line: StyledLine([]), row: 0, column: 0).allows(Echo("x"), width: 40), "no span to extend")
        #expect(EchoSite(line: StyledLine([]), row: 0, column: 0).allows(Echo("x", replacesRest: true), width: 40))
    }

    @Test func wideCharactersCountTwoColumnsAndAnEchoMustFitBeforeTheLastColumn() {
        let row = Self.line(("› ", Self.prompt), ("日本", .plain))
        let site = EchoSite(line: row, row: 0, column: 6)
        #expect(site.allows(Echo("ab"), width: 9))
        #expect(!site.allows(Echo("abc"), width: 9), "the cursor would stand past the last column")
        #expect(!EchoSite(line: row, row: 0, column: 4).allows(Echo("a"), width: 40))
    }

    @Test func anEmptySpanAtTheEndIsTheOneExtended() {
        let row = Self.line(("› ", Self.prompt), ("hi", .plain), ("", Self.hint))
        var site = EchoSite(line: row, row: 0, column: 4)
        #expect(site.allows(Echo("x"), width: 40))
        #expect(site.style(of: Echo("x")) == Self.hint)
        var spans = row.spans
        site.draw(Echo("x"), over: &spans)
        #expect(spans.last == StyledSpan("x", style: Self.hint))
        #expect(site == EchoSite(line: StyledLine(spans), row: 0, column: 5))
    }
}
