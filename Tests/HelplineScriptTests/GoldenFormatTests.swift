import ChatModel
import Foundation
import Testing

@testable import HelplineScript

/// The golden transcript format, its placeholders and the diff a mismatch prints.
@Suite("Golden transcripts: format, placeholders, diff")
struct GoldenFormatTests {
    private let bot = Participant(name: "Helpline Bot", role: .bot)
    private let maria = Participant(name: "Maria", role: .customer)

    private func item(_ id: String, _ sender: Participant, _ text: String, kind: ChatItemKind = .message, own: Bool = false) -> ChatItem {
        ChatItem(id: id, time: Date(timeIntervalSince1970: 1_750_000_000), sender: sender, kind: kind, text: text, delivery: own ? .read : nil)
    }

    private func patterns(_ text: String, me: String? = "Maria") throws -> [GoldenPattern] {
        try GoldenPattern.parse(text, file: "t.golden", me: me)
    }

    @Test("one block per item: speaker and first line, further lines indented, choices and the answer after")
    func blocks() {
        var survey = item("2", bot, "How was it?")
        survey.choices = ["Great", "OK"]
        survey.answer = "Great"
        let items = [
            item("1", bot, "Hi Maria!\n\nTry **help**."), survey, item("3", maria, "Great", own: true),
            item("4", maria, "Maria left the chat", kind: .event(.left)),
        ]
        #expect(GoldenTranscript.lines(of: items) == [
            "Helpline Bot: Hi Maria!", "  Try **help**.", "Helpline Bot: How was it?", "  [1] Great", "  [2] OK", "  ✓ Great",
            "Maria: Great", "* Maria left the chat",
        ])
        let written = GoldenTranscript.text(of: items, me: "Maria")
        #expect(written.hasPrefix("# helpline golden transcript"))
        #expect(written.contains("Helpline Bot: Hi {{me}}!\n") && written.contains("{{me}}: Great\n"), "\(written)")
    }

    @Test("a written golden file keeps numbers but turns times, dates, UUIDs and ids into placeholders")
    func writtenPlaceholders() {
        let items = [item("1", bot, "Order 1042 at 16:00 on 2025-06-13, ticket 3f2c8a1e-9b7d-4c6e-a5f4-0123456789ab, ref a3f9c2e1b7 {{x}}")]
        let line = GoldenTranscript.text(of: items, me: nil).split(separator: "\n")[1]
        #expect(line == #"Helpline Bot: Order 1042 at {{time}} on {{date}}, ticket {{uuid}}, ref {{id}} {{/\{\{/}}x}}"#)
    }

    @Test("placeholders match what they name, and only that", arguments: [
        ("Order {{number}} shipped", "Order 1042 shipped", "Order #1042 shipped"),
        ("Total {{number}} EUR", "Total 1,250.50 EUR", "Total many EUR"),
        ("at {{time}}", "at 9:05 PM", "at noon"),
        ("on {{date}}", "on 2025-06-13", "on Friday"),
        ("on {{date}}", "on Fri, 13 Jun 2025", "on some day"),
        ("case {{uuid}}", "case 3f2c8a1e-9b7d-4c6e-a5f4-0123456789ab", "case 42"),
        ("ref {{id}}", "ref tok_8fj2-K9", "ref two words"),
        ("Hi {{me}}!", "Hi Maria!", "Hi Script!"),
        ("Bot: {{any}} soon", "Bot: we will call you soon", "Bot: we will call you later"),
        ("code {{/[A-Z]{3}-\\d{4}/}}", "code HLX-2001", "code HL-2001"),
        ("literal {{/\\{\\{/}}x}}", "literal {{x}}", "literal {x}"),
        ("plain [1] text (with) regex *chars*", "plain [1] text (with) regex *chars*", "plain 1 text with regex chars"),
    ])
    func placeholders(golden: String, matching: String, notMatching: String) throws {
        let pattern = try #require(try patterns(golden).first)
        #expect(pattern.matches(matching), "\(golden) matches \(matching)")
        #expect(!pattern.matches(notMatching), "\(golden) does not match \(notMatching)")
        #expect(!pattern.matches(matching + " and more"), "the whole line must match")
    }

    @Test("a bad placeholder names the file, the line and what is allowed", arguments: [
        ("ok\nHi {{name}}", "t.golden:2: unknown placeholder {{name}}"),
        ("Hi {{number", "t.golden:1: '{{' without '}}'"),
        ("Hi {{/([/}}", "t.golden:1: '{{/([/}}' is not a valid regular expression"),
    ])
    func badPlaceholders(golden: String, message: String) {
        #expect { try patterns(golden) } throws: { "\($0)".hasPrefix(message) }
    }

    @Test("comments and blank lines are not compared")
    func commentsAndBlankLines() throws {
        let parsed = try patterns("# header\n\nBot: hi\n   \n# note\nBot: bye\n")
        #expect(parsed.map(\.source) == ["Bot: hi", "Bot: bye"])
        #expect(parsed.map(\.line) == [3, 6])
    }

    @Test("a mismatch is a unified diff: golden lines with -, the run's with +, three lines of context, file line numbers")
    func unifiedDiff() throws {
        let golden = try patterns("# header\nA\nB\nC\nD\nOrder {{number}} ships\nE\nF\nG\nH\nI\nK\nL\nM\n")
        let actual = ["A", "B", "C", "D", "Order soon ships", "E", "F", "G", "H", "I", "K", "L", "M", "J"]
        let diff = try #require(GoldenDiff.diff(expected: golden, actual: actual, expectedName: "t.golden", actualName: "this run"))
        #expect(diff == """
            --- t.golden
            +++ this run
            @@ -3,7 +2,7 @@
             B
             C
             D
            -Order {{number}} ships
            +Order soon ships
             E
             F
             G
            @@ -12,3 +11,4 @@
             K
             L
             M
            +J
            """)
        #expect(GoldenDiff.diff(expected: golden, actual: ["A", "B", "C", "D", "Order 7 ships", "E", "F", "G", "H", "I", "K", "L", "M"],
                                expectedName: "g", actualName: "r") == nil)
    }
}
