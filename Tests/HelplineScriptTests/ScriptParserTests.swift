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

    @Test("the sign-in steps parse: sign-in NAME, sign-in-fail, cancel-auth, expect-event authentication STAGE")
    func signInSteps() throws {
        let script = try ScriptParser.parse(
            """
            expect-event authentication offered within 5s
            sign-in "Dana Example"
            sign-in Bo
            sign-in-fail
            cancel-auth
            """, name: "sign-in")
        #expect(script.steps.map(\.action) == [
            .expectEvent(.authentication, namePattern: "offered", within: .seconds(5)),
            .signIn(name: "Dana Example"), .signIn(name: "Bo"), .signIn(name: nil), .cancelAuthentication,
        ])
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
        ("sign-in", "sign-in needs the name"),
        ("sign-in-fail now", "sign-in-fail takes no arguments"),
        ("cancel-auth please", "cancel-auth takes no arguments"),
    ])
    func rejects(line: String, reason: String) {
        #expect {
            try ScriptParser.parse("send ok\n\(line)\n", name: "bad", file: "bad.hls")
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("bad.hls:2: ") && text.contains(reason)
        }
    }

    @Test("a script with CRLF line ends has the same steps (found while fuzzing: it was one `send` step)")
    func crlfLineEnds() throws {
        let text = "send hello\nexpect Welcome within 3s\n\n# comment\nend\n"
        let crlf = try ScriptParser.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), name: "crlf")
        let lf = try ScriptParser.parse(text, name: "crlf")
        #expect(crlf == lf)
        #expect(crlf.steps.map(\.line) == [1, 2, 5])
    }

    @Test("huge durations are refused, not a crash (found writing the fuzz target: Int64 overflow)",
          arguments: ["wait 1e300s", "wait 1e17m", "wait 9223372036854775807ms", "expect x within 1e20s", "wait 600.1s"])
    func hugeDurations(line: String) {
        #expect {
            try ScriptParser.parse("\(line)\n", name: "huge", file: "huge.hls")
        } throws: { String(describing: $0).hasSuffix("is longer than 600s") }
        #expect(throws: Never.self) { try ScriptParser.parse("wait 600s\nwait 0.0004s\n", name: "edge") }
    }

    @Test("an error shows control characters escaped, so it stays one line (found by fuzzing)")
    func controlCharactersInErrors() {
        #expect {
            try ScriptParser.parse("se\u{1B}[2Jnd hi\n", name: "bad", file: "bad.hls")
        } throws: { String(describing: $0).hasPrefix("bad.hls:1: unknown step 'se\\u{1B}[2Jnd'") }
        #expect {
            try ScriptParser.parse("wait 1\rs\n", name: "bad", file: "bad.hls")
        } throws: { String(describing: $0) == "bad.hls:1: '1\\u{D}s' is not a duration like 2s, 500ms or 1m" }
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
