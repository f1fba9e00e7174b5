import Foundation
import HelplineConfig
import Testing

@Suite("config.toml read with TOMLKit: lines in every error and warning")
struct TOMLConfigTests {
    static let known: Set<String> = ["display-name", "log-level", "header", "plain", "linger", "receipt-throttle", "theme"]

    @Test("full TOML: multi-line arrays, quoted and dotted keys, literal and multi-line strings, integers")
    func fullTOML() throws {
        let text = """
            "display-name" = 'C:\\Maria'
            header = [
              "X-One: 1",   # a comment inside the array
              "X-Two: 2",
            ]
            note = \"\"\"
            plain = not a key, inside a string
            \"\"\"
            profiles.inline.plain = true

            [profiles.qa]
            linger = 2
            receipt-throttle = 0.5
            """
        let config = try ConfigFile.parse(text, file: "c.toml")
        #expect(config.defaults["display-name"] == .scalar(#"C:\Maria"#))
        #expect(config.defaults["header"] == .list(["X-One: 1", "X-Two: 2"]))
        #expect(config.profiles["qa"]?["linger"] == .scalar("2"))
        #expect(config.profiles["qa"]?["receipt-throttle"] == .scalar("0.5"))
        #expect(config.profiles["inline"]?["plain"] == .bool(true))
        #expect(config.location(of: "header") == "c.toml:2")
        #expect(config.location(of: "note") == "c.toml:6")
        #expect(config.location(of: "plain", profile: "inline") == "c.toml:9")
        #expect(config.location(of: "receipt-throttle", profile: "qa") == "c.toml:13")
        #expect(config.location(of: "plain") == nil, "text inside a multi-line string is not a key")
    }

    @Test("unknown keys: one warning each, with file, line, profile and the nearest known key")
    func unknownKeys() throws {
        let text = """
            dispaly-name = "Maria"
            log-level = "debug"

            [profiles.qa]
            plian = true
            reciept-throttle = 2
            """
        let warnings = try ConfigFile.parse(text, file: "/h/config.toml").unknownKeyWarnings(known: Self.known)
        #expect(warnings == [
            "/h/config.toml:1: unknown key 'dispaly-name' is ignored (nearest known key: 'display-name')",
            "/h/config.toml:5: unknown key 'plian' in [profiles.qa] is ignored (nearest known key: 'plain')",
            "/h/config.toml:6: unknown key 'reciept-throttle' in [profiles.qa] is ignored (nearest known key: 'receipt-throttle')",
        ])
        #expect(try ConfigFile.parse("plain = true\n").unknownKeyWarnings(known: Self.known).isEmpty)
        // A quoted key may hold escapes; its warning is still one line with no terminal sequence (found by fuzzing).
        let quoted = try ConfigFile.parse(#""a\u001B]0;x\u0007\nb" = 1"# + "\n").unknownKeyWarnings(known: Self.known)
        #expect(quoted.count == 1 && quoted[0].hasPrefix(#"config.toml:1: unknown key 'a\u{1B}]0;x\u{7}\u{A}b' is ignored"#), "\(quoted)")
        #expect(NearestKey.distance("kitten", "sitting") == 3)
        #expect(NearestKey.nearest(to: "them", in: Self.known) == "theme")
    }

    @Test("syntax errors name the file and the line TOMLKit found", arguments: [
        ("plain = true\nname = \"unterminated\n", "c.toml:2: cannot read the value of 'name'"),
        ("a = 1\na = 2\n", "c.toml:2: "),
        ("\n\n\n[profiles.qa\n", "c.toml:4: cannot read the table header"),
        ("x = [1, \n", "c.toml:"),
        ("my key = 1\n", "c.toml:1: "),
    ])
    func syntaxErrors(text: String, prefix: String) {
        #expect { try ConfigFile.parse(text, file: "c.toml") } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix(prefix) && !message.contains("\n")
                && message.range(of: #"^c\.toml:\d+: \S"#, options: .regularExpression) != nil
        }
    }

    @Test("values of the wrong type name the line the key is on", arguments: [
        ("plain = true\n\nwhen = 2024-01-01\n", "c.toml:3: 'when' cannot be a date"),
        ("header = [[\"a\"]]\n", "c.toml:1: 'header' must be a list of strings or numbers"),
        ("\n[profiles.qa]\nlinger = 1\n[profiles.qa.tls]\nx = 1\n", "c.toml:4: only [profiles.NAME] tables are supported"),
        ("profiles = 3\n", "c.toml:1: 'profiles' holds [profiles.NAME] tables"),
        ("\n[profiles.qa]\nprofile = \"x\"\n", "c.toml:3: 'profile' cannot be set in the file"),
        ("tui = { notify = \"never\" }\n", "c.toml:1: only [profiles.NAME] tables are supported"),
    ])
    func wrongTypes(text: String, prefix: String) {
        #expect { try ConfigFile.parse(text, file: "c.toml") } throws: { String(describing: $0).hasPrefix(prefix) }
    }

    @Test("the resolver names file:line when a key's value does not fit its option")
    func resolverNamesTheLine() throws {
        let config = try ConfigFile.parse("log-level = \"debug\"\n\n[profiles.qa]\nplain = \"maybe\"\ndisplay-name = true\n", file: "c.toml")
        let options = ConfigResolver.Options(valued: ["display-name", "log-level"], flags: ["plain"])
        let resolver = ConfigResolver(config: config, environment: [:])
        #expect(throws: ConfigError("c.toml:4: 'plain' must be true or false")) {
            try resolver.resolve(["--profile", "qa"], options: ConfigResolver.Options(valued: [], flags: ["plain"]))
        }
        #expect(throws: ConfigError("c.toml:5: 'display-name' takes a value, not true or false (--display-name is not a flag)")) {
            try resolver.resolve(["--profile", "qa", "--plain"], options: options)
        }
        let resolution = try resolver.resolution([], options: options)
        #expect(resolution.sources == ["log-level": "c.toml:1"])
        let env = try ConfigResolver(config: config, environment: ["HELPLINE_LOG_LEVEL": "info"]).resolution([], options: options)
        #expect(env.sources == ["log-level": "HELPLINE_LOG_LEVEL"])
    }
}
