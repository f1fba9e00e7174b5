import Foundation
import Testing

@testable import HelplineScript

/// Recorded replies become `expect` patterns that match the same reply with other volatile parts.
@Suite("Recording: replies generalised into expect patterns")
struct GeneralisationTests {
    /// True when `pattern` is found in `text`, as `expect` searches.
    private func found(_ pattern: String, in text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    @Test("numbers, times, dates, UUIDs, ids and the customer's name vary; the wording does not", arguments: [
        ("Order **#HL-1042** ships in 3 days.", "Order **#HL-77** ships in 12 days.", "Order **#HL-1042** ships in 3 weeks."),
        ("You are number 3 in the Support queue.", "You are number 12 in the Support queue.", "You are number 3 in the Billing queue."),
        ("We open at 08:00 and close at 8:30 PM.", "We open at 09:15 and close at 11:05 PM.", "We open at 08:00 and shut at 8:30 PM."),
        ("Booked for 2025-06-13T16:00+00:00.", "Booked for 2031-01-02T09:30+01:00.", "Moved to 2025-06-13T16:00+00:00."),
        ("Your slot: Fri, 13 Jun 2025", "Your slot: Mon, 2 Feb 2026", "Their slot: Fri, 13 Jun 2025"),
        ("Case 3f2c8a1e-9b7d-4c6e-a5f4-0123456789ab is open", "Case 00000000-aaaa-bbbb-cccc-ffffffffffff is open",
         "Case 3f2c8a1e-9b7d-4c6e-a5f4-0123456789ab is closed"),
        ("Reference a3f9c2e1b7 and token ORD12AB9X.", "Reference 9e8d7c6b5a and token ZZ99QQ11.", "Reference a3f9c2e1b7 and ticket ORD12AB9X."),
        ("Total: 1,250.00 EUR", "Total: 7.5 EUR", "Total: 1,250.00 USD"),
        ("Hi Maria! I'm Ava.", "Hi Script! I'm Ava.", "Hi Maria! I'm Priya."),
    ])
    func generalises(original: String, variant: String, different: String) {
        let pattern = ReplyPattern.make(from: original, me: "Maria")
        #expect(found(pattern, in: original), "\(pattern) matches the recorded reply")
        #expect(found(pattern, in: variant), "\(pattern) matches \(variant)")
        #expect(!found(pattern, in: different), "\(pattern) does not match \(different)")
    }

    @Test("the patterns are readable: each volatile part becomes one short expression")
    func readablePatterns() {
        #expect(ReplyPattern.make(from: "Order #HL-1042, 3 items") == #"Order #HL-\d+, \d+ items"#)
        #expect(ReplyPattern.make(from: "at 16:00") == #"at \d+:\d+"#)
        #expect(ReplyPattern.make(from: "on Fri, 13 Jun") == #"on [A-Za-z]+, \d+ [A-Za-z]+"#)
        #expect(ReplyPattern.make(from: "id 3f2c8a1e-9b7d-4c6e-a5f4-0123456789ab") == "id [0-9A-Fa-f-]{36}")
        #expect(ReplyPattern.make(from: "Hi Maria!", me: "Maria") == "Hi .+?!")
        // A name is a whole word: "Mariana" is not Maria.
        #expect(ReplyPattern.make(from: "Mariana", me: "Maria") == "Mariana")
    }

    @Test("metacharacters, line breaks and control characters are escaped, on one line")
    func escapes() {
        let text = "a.b*c+d?(e)[f]{g}|h^i$j\\k\nline two\ttab \u{1B}esc"
        let pattern = ReplyPattern.make(from: text)
        #expect(!pattern.contains("\n") && !pattern.contains("\u{1B}"))
        #expect(found(pattern, in: text))
        #expect(!found(pattern, in: "aXb*c+d?(e)[f]{g}|h^i$j\\k\nline two\ttab \u{1B}esc"), "a dot is a dot")
    }

    @Test("an emitted expect line parses back to the same pattern, even one ending in 'within …' or in quotes", arguments: [
        "We answer within 2h",
        "\"Quoted, all of it\"",
        "Tabs\tand  double  spaces ",
        "",
        // Found by the `recording` fuzz target: spaces the parser trimmed away (all of the pattern),
        // a "within" that a trailing space's escape made the last words, a non-ASCII digit taken by `\d`.
        "   ",
        "  padded  ",
        "We answer within 2h ",
        "ref hd2dta\u{07C0} ok",
    ])
    func scriptLinesRoundTrip(text: String) throws {
        let lines = RecordedStep.expect(speaker: "Bot", text: text, after: .zero).lines(me: nil)
        let script = try ScriptParser.parse(lines.joined(separator: "\n"), name: "round-trip")
        guard case .expect(let pattern, let within) = script.steps.first?.action else {
            Issue.record("not an expect step: \(lines)")
            return
        }
        #expect(within == nil)
        #expect(found(pattern, in: text), "\(pattern) matches \(text.debugDescription)")
    }

    @Test("a name with a line break is not generalised (`.+?` does not cross lines); the reply still matches")
    func nameWithALineBreak() {
        let text = "Hi Ma\nria and Ma\nria"
        let pattern = ReplyPattern.make(from: text, me: "Ma\nria")
        #expect(!pattern.contains(".+?") && found(pattern, in: text), "\(pattern)")
    }

    @Test("a slow reply gets a `within` twice as long (plus 2 s); a quick one keeps the default")
    func slowRepliesGetWithin() {
        #expect(RecordedStep.within(.seconds(1)) == "")
        #expect(RecordedStep.within(.seconds(5)) == "")
        #expect(RecordedStep.within(.milliseconds(5_500)) == " within 13s")
        #expect(RecordedStep.within(.seconds(1000)) == " within 600s")
    }

    @Test("sends, picks, sets and the end are written as steps the parser reads back")
    func stepsRoundTrip() throws {
        let steps: [RecordedStep] = [
            .send("where is my parcel?"), .send("\"quoted\""), .set(field: "Street", value: "12 Pine St"),
            .pick(number: 2, title: "OK"), .end, .ended(after: .seconds(7)), .note("two\nlines"),
        ]
        let text = steps.flatMap { $0.lines(me: nil) }.joined(separator: "\n")
        let script = try ScriptParser.parse(text, name: "steps")
        #expect(script.steps.map(\.action) == [
            .send("where is my parcel?"), .send("\"quoted\""), .setField(name: "Street", value: "12 Pine St"), .pick(2), .end,
            .expectEvent(.ended, namePattern: nil, within: .seconds(16)),
        ])
    }
}
