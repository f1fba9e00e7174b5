import Testing
@testable import MarkdownANSI

@Suite("Agent HTML subset")
struct HTMLSubsetTests {
    func render(_ text: String, width: Int = 80) -> [StyledLine] {
        Markdown.render(text, width: width)
    }

    @Test func orderShippedReply() {
        let text = #"Hello<br>Your order <b>#123</b> has shipped. <a href="https://x.example/t">Track it</a>"#
        let lines = render(text)
        #expect(Support.plain(lines) == "Hello\nYour order #123 has shipped. Track it (https://x.example/t)")
        let bold = lines[1].spans.first { $0.text == "#123" }
        #expect(bold?.style.bold == true)
        let link = lines[1].spans.first { $0.text == "Track it" }
        #expect(link?.style.link == "https://x.example/t")
        #expect(link?.style.underline == true)
    }

    @Test func listsInHTML() {
        let text = "<ul><li>First</li><li>Second &amp; last</li></ul>"
        #expect(Support.plain(render(text)) == "• First\n• Second & last")
        let ordered = "<ol>\n  <li>One</li>\n  <li>Two</li>\n</ol>"
        #expect(Support.plain(render(ordered)) == "1. One\n2. Two")
    }

    @Test func entitiesAreDecoded() {
        let text = "<p>Fish &amp; chips &lt;b&gt; &quot;quoted&quot; &#39;single&#39; a&nbsp;b &#x1F44B; &#8364;</p>"
        #expect(Support.plain(render(text)) == "Fish & chips <b> \"quoted\" 'single' a\u{A0}b 👋 €")
    }

    @Test func unknownTagsDropButKeepText() {
        let text = #"Please <span style="color:red">pay now</span> or <font size=3>later</font>."#
        #expect(Support.plain(render(text)) == "Please pay now or later.")
    }

    @Test func scriptTextIsKeptAsText() {
        let output = Support.plain(render("<script>alert('hi')</script>"))
        #expect(!output.contains("<"))
        #expect(output.contains("alert('hi')"))
    }

    @Test func neverPrintsRawTags() {
        let samples = [
            "<div class=\"x\"><p>Hi <em>there</em></p></div>",
            "Text <i>italic <b>both</b></i> <code>x = 1</code> <strong>bold</strong>",
            "<p>Para one</p><p>Para two</p>",
            "Line<br/>break<br />again",
            "<!-- comment --> visible",
        ]
        for sample in samples {
            let output = Support.plain(render(sample))
            #expect(!output.contains("<"), "\(sample) → \(output)")
            #expect(!output.contains(">"), "\(sample) → \(output)")
        }
        #expect(Support.plain(render("<p>Para one</p><p>Para two</p>")) == "Para one\nPara two")
    }

    @Test func styledInlineTags() {
        let lines = render("a <i>b</i> <code>c</code> <strong>d</strong> <em>e</em>")
        let spans = lines[0].spans
        #expect(spans.first { $0.text == "b" }?.style.italic == true)
        #expect(spans.first { $0.text == "c" }?.style == Theme.default.codeSpan)
        #expect(spans.first { $0.text == "d" }?.style.bold == true)
        #expect(spans.first { $0.text == "e" }?.style.italic == true)
    }

    @Test func imagesInHTML() {
        #expect(Support.plain(render(#"Logo: <img src="https://x.example/l.png" alt="Acme logo"> done"#))
            == "Logo: [image: Acme logo](https://x.example/l.png) done")
        #expect(Support.plain(render(#"<p><img src='a.png'></p>"#)) == "[image](a.png)")
    }

    @Test func linkEqualToURLIsNotRepeated() {
        #expect(Support.plain(render("<https://x.example>")) == "https://x.example")
        #expect(Support.plain(render("Go to https://x.example/a now")) == "Go to https://x.example/a now")
        #expect(Support.plain(render("[docs](https://d.example)")) == "docs (https://d.example)")
        #expect(Support.plain(render("see www.example.com/help")) == "see www.example.com/help")
        #expect(Support.plain(render("mail help@example.com")) == "mail help@example.com")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let output = ANSIWriter.string(render("evil \u{1B}[31mred\u{1B}[0m \u{7} bell"), mode: .none)
        #expect(!output.contains("\u{1B}"))
        #expect(!output.contains("\u{7}"))
    }
}
