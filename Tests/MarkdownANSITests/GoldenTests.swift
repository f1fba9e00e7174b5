import Testing
@testable import MarkdownANSI

/// One markdown construct rendered at several widths and compared with Golden/<name>.txt.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let markdown: String
    var testDescription: String { name }
}

@Suite("Golden rendering")
struct GoldenTests {
    static let widths = [80, 40, 20]

    static let cases: [GoldenCase] = [
        GoldenCase(name: "paragraph", markdown: """
            Thanks for reaching out! I've looked into your account and everything seems to be in order. \
            Your next invoice will be sent on the 1st of the month.
            A soft break joins this line,  
            and a hard break starts this one.
            """),
        GoldenCase(name: "headings", markdown: """
            # Heading one
            ## Heading two
            ### Heading three
            #### Heading four
            ##### Heading five
            ###### Heading six
            Setext heading
            ==============
            """),
        GoldenCase(name: "inline", markdown: """
            Plain, *emphasis*, **strong**, ***both***, `code span`, ~~strikethrough~~, \
            **bold with `code` inside** and _underscore emphasis_ in one sentence that wraps.
            """),
        GoldenCase(name: "links", markdown: """
            See [the help center](https://help.example.com/articles/123) or visit \
            https://status.example.com directly. Mail <support@example.com> or \
            <https://example.com/a/very/long/path/that/needs/to/wrap/somewhere/for/sure>.
            """),
        GoldenCase(name: "lists", markdown: """
            1. Open **Settings**
            2. Choose *Billing* and then the payment method you would like to update today
               - Credit card
               - Bank transfer
                 - SEPA
                 - ACH
            3. Save

            - [x] Verified your email
            - [ ] Added a phone number
            - plain item

            8. eight
            9. nine
            10. ten
            """),
        GoldenCase(name: "quotes", markdown: """
            > Customer wrote: my parcel never arrived and the tracking page shows no updates since Monday.
            >
            > > Agent earlier: we opened an investigation with the carrier.
            >
            > - a list in a quote
            """),
        GoldenCase(name: "code", markdown: """
            ```bash
            curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/orders/123/refunds?reason=damaged
            echo done
            ```

                indented code
                  keeps indentation

            ```
            	tab	separated
            ```
            """),
        GoldenCase(name: "table", markdown: """
            | Plan | Price | Description |
            |:-----|------:|:-----------:|
            | Basic | $5 | Email support only |
            | Pro | $20 | Chat and phone support with a four hour response time |
            | Team | $99 | Everything |
            """),
        GoldenCase(name: "table-narrow", markdown: """
            | Order | Item | Status | Carrier | Tracking number | Expected |
            |---|---|---|---|---|---|
            | #1001 | Wireless headphones | Shipped | UPS | 1Z999AA10123456784 | Tuesday |
            | #1002 | Charging cable | Processing | — | — | Next week |
            """),
        GoldenCase(name: "rule-image", markdown: """
            Above the rule.

            ---

            ![Screenshot of the settings page](https://cdn.example.com/img/settings.png) and ![](https://x.example/a.png)
            """),
        GoldenCase(name: "html", markdown: """
            Hello<br>Your order <b>#123</b> has shipped. <a href="https://x.example/t">Track it</a> &amp; \
            <span style="color:red">keep</span> <i>calm</i>.

            <ul><li>Refund &lt;pending&gt;</li><li>Label&nbsp;printed</li></ul>

            <p>Best regards,<br><strong>Support</strong></p>

            <script>alert(1)</script>
            """),
        GoldenCase(name: "unicode", markdown: """
            您好！您的订单已经发货，预计三到五个工作日内送达。如有任何问题，请随时联系我们。👋

            안녕하세요, 주문이 발송되었습니다. 👨‍👩‍👧 ❤️ 🇫🇷 café naïve e\u{301}e\u{301}e\u{301}

            | 名前 | 状態 |
            |---|---|
            | 山田 | 発送済み ✅ |
            """),
    ]

    @Test(arguments: cases)
    func plainGolden(_ sample: GoldenCase) {
        var output = ""
        for width in Self.widths {
            let lines = Markdown.render(sample.markdown, width: width)
            #expect(Support.fits(lines, width: width))
            output += "── width \(width) " + String(repeating: "─", count: max(0, width - 11)) + "\n"
            output += Support.plain(lines) + "\n"
        }
        let result = Support.golden(sample.name + ".txt", output)
        #expect(result.matches, "golden \(sample.name).txt differs:\n\(output)")
    }

    @Test(arguments: ["inline", "links", "code", "table"])
    func sgrGolden(_ name: String) throws {
        let sample = try #require(Self.cases.first { $0.name == name })
        var output = ""
        for (mode, label) in [(ColorMode.truecolor, "truecolor"), (.ansi256, "256"), (.ansi16, "16"), (.none, "none")] {
            output += "── \(label) ──\n" + Support.escaped(Markdown.render(sample.markdown, width: 40), mode: mode) + "\n"
        }
        let result = Support.golden(name + ".sgr.txt", output)
        #expect(result.matches, "golden \(name).sgr.txt differs:\n\(output)")
    }

    @Test func themesDiffer() {
        let text = "# Title\n\nSome `code` and a [link](https://x.example)."
        let dark = ANSIWriter.string(Markdown.render(text, width: 40, theme: .default), mode: .truecolor)
        let light = ANSIWriter.string(Markdown.render(text, width: 40, theme: .light), mode: .truecolor)
        let mono = ANSIWriter.string(Markdown.render(text, width: 40, theme: .monochrome), mode: .truecolor)
        #expect(dark != light)
        #expect(!mono.contains("38;"))
        #expect(Theme.names == ["default", "light", "monochrome"])
        #expect(Theme.named("LIGHT")?.name == "light")
        #expect(Theme.named("nope") == nil)
    }
}
