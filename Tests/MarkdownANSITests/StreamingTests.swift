import Testing
@testable import MarkdownANSI
import SimulatedServices

@Suite("Streaming")
struct StreamingTests {
    static let replies: [String] = [
        """
        Hi **Alice**, thanks for waiting!

        1. Open *Settings*
        2. Tap `Reset`

        | Plan | Price |
        |:--|--:|
        | Pro | $20 |

        ```bash
        echo "hello"

        echo "after a blank line in a fence"
        ```

        > quoted
        > text

        <ul><li>one</li><li>two</li></ul>

        Bye 👋 [help](https://help.example.com)
        """,
        "- a\n\n- b\n\nafter the loose list\n\n* c\n* d\n\n<!--\n\nhidden\n\n-->\n\nend",
        "# Title\n\npara with ~~strike~~ and _under_score_\n\n    indented\n\n    code\n\ntext",
    ] + Array(Support.corpus().prefix(60))

    @Test func everyPrefixMatchesRenderOfDisplayedText() {
        var random = SimRandom(seed: 5)
        for (index, reply) in Self.replies.enumerated() {
            var stream = StreamingMarkdown()
            var rest = Substring(reply)
            let width = [20, 45, 80][index % 3]
            while !rest.isEmpty {
                let size = Int.random(in: 1...12, using: &random)
                stream.append(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
                let lines = stream.lines(width: width, theme: .default)
                #expect(Support.fits(lines, width: width))
                let expected = Markdown.render(stream.displayedText, width: width)
                #expect(lines == expected, "reply \(index) at \(stream.text.count) chars")
                if lines != expected { return }
            }
            #expect(stream.lines(width: width, theme: .default) == Markdown.render(reply, width: width), "reply \(index)")
            stream.finish()
            #expect(stream.lines(width: width, theme: .default) == Markdown.render(reply, width: width), "reply \(index)")
        }
    }

    @Test func corpusIsPresent() {
        #expect(Support.corpus().count >= 300)
    }

    @Test func widthAndThemeChangesReuseNothingStale() {
        var stream = StreamingMarkdown()
        let reply = Self.replies[0]
        stream.append(reply)
        for width in [80, 30, 80, 12] {
            #expect(stream.lines(width: width, theme: .default) == Markdown.render(reply, width: width))
            #expect(stream.lines(width: width, theme: .light) == Markdown.render(reply, width: width, theme: .light))
        }
    }

    @Test func customThemeWithSameNameIsNotConfused() {
        var custom = Theme.default
        custom.strong = TextStyle(bold: true, underline: true)
        var stream = StreamingMarkdown("**a**\n\nnext")
        let plainDefault = stream.lines(width: 40, theme: .default)
        let customLines = stream.lines(width: 40, theme: custom)
        #expect(plainDefault == Markdown.render("**a**\n\nnext", width: 40))
        #expect(customLines == Markdown.render("**a**\n\nnext", width: 40, theme: custom))
        #expect(plainDefault != customLines)
    }

    @Test func healsUnclosedEmphasis() {
        var stream = StreamingMarkdown()
        stream.append("Hello **wor")
        let lines = stream.lines(width: 40, theme: .default)
        #expect(Support.plain(lines) == "Hello wor")
        #expect(lines[0].spans.last?.style.bold == true)
        stream.append("ld** and *it")
        let next = stream.lines(width: 40, theme: .default)
        #expect(Support.plain(next) == "Hello world and it")
        #expect(next[0].spans.last?.style.italic == true)
    }

    @Test func hidesDanglingOpeners() {
        #expect(Healer.heal("Hello **") == "Hello ")
        #expect(Healer.heal("Use `") == "Use ")
        #expect(Healer.heal("Hi <b") == "Hi ")
        #expect(Healer.heal("- item") == "- item")
        #expect(Healer.heal("* ") == "* ")
        #expect(Healer.heal("**bold*") == "**bold**")
    }

    @Test func healsCodeSpansFencesLinksAndTables() {
        #expect(Support.plain(Markdown.render(Healer.heal("run `npm inst"), width: 40)) == "run npm inst")
        let fence = Markdown.render(Healer.heal("```swift\nlet x = 1\n\nlet y"), width: 40)
        #expect(Support.plain(fence).contains("let y"))
        #expect(fence.allSatisfy { $0.spans.allSatisfy { $0.style.background != nil } })
        let link = Markdown.render(Healer.heal("see [docs](https://d.exa"), width: 60)
        #expect(Support.plain(link) == "see docs (https://d.exa)")
        let table = Support.plain(Markdown.render(Healer.heal("| Plan | Price |\n"), width: 40))
        #expect(table.contains("┼"))
        let halfDelimiter = Support.plain(Markdown.render(Healer.heal("| Plan | Price |\n|--"), width: 40))
        #expect(halfDelimiter.contains("┼"))
        let halfRow = Support.plain(Markdown.render(Healer.heal("| Plan | Price |\n|---|---|\n| Pro | $2"), width: 40))
        #expect(halfRow.contains("Pro  │ $2"))
    }

    /// The shortcut for text with no markup (``Healer/heal(_:)`` returns it as it came, unsplit) must
    /// give what every healing step taken gives, for any text: random texts of prose, every printable
    /// ASCII character, the starts of constructs that need healing, accents, emoji and combining marks.
    @Test func theShortcutForPlainTextHealsAsEveryStepDoes() {
        let prose = ["order", "42", " ", "  ", "\n", "\n\n", "\t", "\r\n", "- ", "1. ", "# ", "> ", "    code",
                     "[", "(", ")", "é", "e\u{301}", "👋🏽", "\u{300}", "中文"]
        let markup = ["**", "*", "_", "__", "~~", "`", "```", "~~~", "](", "[a](http://x", "<b", "</", "| a |", "|", "\\*", "\\"]
        let ascii = (32...126).map { String(UnicodeScalar(UInt8($0))) }
        var random = SimRandom(seed: 38)
        var plainSeen = 0
        for round in 0..<4_000 {
            let pieces = round % 2 == 0 ? prose : prose + markup + ascii
            let text = (0..<Int.random(in: 0...20, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let full = Healer.healInFull(text)
            #expect(Healer.heal(text) == full, "\(text.debugDescription)")
            if round % 2 == 0 {
                #expect(full == text, "every step leaves text with no markup alone: \(text.debugDescription)")
                plainSeen += 1
            }
        }
        #expect(plainSeen == 2_000)
    }

    @Test func wellFormedTextIsNotChangedByHealing() {
        for reply in Self.replies {
            #expect(Markdown.render(Healer.heal(reply), width: 60) == Markdown.render(reply, width: 60))
        }
    }

    @Test func finishedBlocksAreCached() {
        var stream = StreamingMarkdown()
        stream.append("First paragraph.\n\nSecond paragraph.\n\n")
        _ = stream.lines(width: 40, theme: .default)
        stream.append("Third is still stream")
        #expect(stream.openText == "Third is still stream")
        #expect(Support.plain(stream.lines(width: 40, theme: .default))
            == "First paragraph.\n\nSecond paragraph.\n\nThird is still stream")
    }
}
