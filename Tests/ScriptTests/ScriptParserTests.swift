import Foundation
import Testing

@testable import HelplineScript

@Suite("Script parser")
struct ScriptParserTests {
    @Test("every step kind parses, with comments and blank lines skipped")
    func parsesAllSteps() throws {
        let script = try ScriptParser.parse(
            """
            # a comment

            send hello there
            expect Welcome.*demo within 3s
            expect "quoted  "
            expect-event joined Ava within 500ms
            expect-event ended
            pick 2
            attach /tmp/file.txt
            wait 1.5s
            end
            """, name: "all")
        #expect(script.steps.map(\.action) == [
            .send("hello there"),
            .expect(pattern: "Welcome.*demo", within: .seconds(3)),
            .expect(pattern: "quoted  ", within: nil),
            .expectEvent(.joined, namePattern: "Ava", within: .milliseconds(500)),
            .expectEvent(.ended, namePattern: nil, within: nil),
            .pick(2),
            .attach(path: "/tmp/file.txt"),
            .wait(.milliseconds(1500)),
            .end,
        ])
        #expect(script.steps.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10, 11])
    }

    @Test("bad lines name the file and line", arguments: [
        ("shout hi", "unknown step 'shout'"),
        ("expect (unclosed", "not a valid regular expression"),
        ("expect-event arrived", "expect-event needs one of joined|left|queue|typing|ended"),
        ("wait soon", "not a duration"),
        ("wait 11m", "longer than 600s"),
        ("pick zero", "pick needs an option number"),
        ("send", "send needs the text"),
        ("end now", "end takes no arguments"),
    ])
    func rejects(line: String, reason: String) {
        #expect {
            try ScriptParser.parse("send ok\n\(line)\n", name: "bad", file: "bad.hls")
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bad.hls:2: ") && text.contains(reason)
        }
    }

    @Test("a script without steps is an error")
    func emptyScript() {
        #expect(throws: ScriptParseError.self) { try ScriptParser.parse("# nothing\n\n", name: "empty") }
    }

    @Test("percentiles use the nearest rank")
    func percentiles() {
        let samples = (1...20).map { Duration.milliseconds($0 * 10) }
        #expect(LatencyStats.percentile(50, of: samples) == .milliseconds(100))
        #expect(LatencyStats.percentile(95, of: samples) == .milliseconds(190))
        #expect(LatencyStats.percentile(50, of: []) == nil)
        #expect(LatencyStats.format(.milliseconds(42)) == "42 ms")
        #expect(LatencyStats.format(.milliseconds(1420)) == "1.42 s")
    }
}
