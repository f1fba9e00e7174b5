import Foundation
import HelplineConfig
import Testing

@Suite("Configuration file, environment and precedence")
struct ConfigTests {
    static let text = """
        # top-level keys apply to every run
        display-name = "Maria Lopez"   # a comment after a value
        log-level = "debug"
        header = ["X-Team: qa"]

        [profiles.staging]
        start-url = "https://abc.execute-api.eu-central-1.amazonaws.com/Prod"
        region = "eu-central-1"
        plain = true
        linger = 1.5
        header = ["X-Env: staging", "X-Quote: \\"q\\" # not a comment"]
        """

    static let options = ConfigResolver.Options(
        valued: ["display-name", "log-level", "header", "start-url", "region", "linger", "profile"],
        flags: ["plain", "new"], repeatable: ["header"])

    @Test("the TOML subset parses")
    func parses() throws {
        let config = try ConfigFile.parse(Self.text)
        #expect(config.defaults["display-name"] == .scalar("Maria Lopez"))
        #expect(config.defaults["header"] == .list(["X-Team: qa"]))
        #expect(config.profiles["staging"]?["plain"] == .bool(true))
        #expect(config.profiles["staging"]?["linger"] == .scalar("1.5"))
        #expect(config.profiles["staging"]?["header"] == .list(["X-Env: staging", #"X-Quote: "q" # not a comment"#]))
    }

    @Test("flags > environment > profile > file defaults")
    func precedence() throws {
        let config = try ConfigFile.parse(Self.text)
        let env = ["HELPLINE_REGION": "us-east-1", "HELPLINE_DISPLAY_NAME": "From Env"]
        let resolver = ConfigResolver(config: config, environment: env)
        let args = try resolver.resolve(["--display-name", "From Flag", "--profile", "staging"], options: Self.options)
        #expect(args.starts(with: ["--display-name", "From Flag", "--profile", "staging"]))
        let added = Array(args.dropFirst(4))
        #expect(added.contains(["--region", "us-east-1"]))            // env beats the profile
        #expect(added.contains(["--start-url", "https://abc.execute-api.eu-central-1.amazonaws.com/Prod"]))  // profile
        #expect(added.contains(["--log-level", "debug"]))              // top-level default
        #expect(added.contains(["--plain"]))                           // a boolean flag
        #expect(added.contains(["--header", "X-Env: staging", "--header", #"X-Quote: "q" # not a comment"#]))  // profile beats top level
        #expect(!added.contains("From Env"))                           // the flag beats the environment
        #expect(!added.contains("--new"))
    }

    @Test("without a profile only the top-level keys apply; --profile is dropped for commands without it")
    func noProfile() throws {
        let resolver = ConfigResolver(config: try ConfigFile.parse(Self.text), environment: [:])
        let plain = try resolver.resolve([], options: Self.options)
        #expect(plain.contains("--display-name") && !plain.contains("--start-url"))
        var withoutProfile = Self.options
        withoutProfile.valued.remove("profile")
        let dropped = try resolver.resolve(["--profile", "staging"], options: withoutProfile)
        #expect(!dropped.contains("--profile") && dropped.contains("--start-url"))
        let viaEnv = try ConfigResolver(config: try ConfigFile.parse(Self.text), environment: ["HELPLINE_PROFILE": "staging"])
            .resolve([], options: Self.options)
        #expect(viaEnv.contains("--start-url"))
    }

    @Test("bad files and unknown profiles are one clear error", arguments: [
        ("[server]\n", "config.toml:1: only [profiles.NAME] tables are supported"),
        ("name = bare\n", "config.toml:1: cannot read the value of 'name'"),
        ("\n\njust words\n", "config.toml:3: expected key = value"),
        ("profile = \"x\"\n", "config.toml:1: 'profile' cannot be set in the file"),
        ("name = \"a\"\nname = \"b\"\n", "config.toml:2: 'name' is set twice"),
        ("[profiles.a]\nname = \"a\"\n[profiles.b]\nname = \"b\"\nname = 1\n", "config.toml:5: 'name' is set twice"),
    ])
    func badFile(text: String, message: String) {
        #expect { try ConfigFile.parse(text) } throws: { String(describing: $0).hasPrefix(message) }
    }

    @Test("a file with CRLF line ends reads as with LF (found while fuzzing: it was one long line)")
    func crlfLineEnds() throws {
        let crlf = Self.text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        #expect(try ConfigFile.parse(crlf) == ConfigFile.parse(Self.text))
        #expect { try ConfigFile.parse("a = 1\r\nb c = 2\r\n") } throws: { String(describing: $0).hasPrefix("config.toml:2: ") }
    }

    @Test("an error shows control characters escaped, so it stays one line (found by fuzzing)")
    func controlCharactersInErrors() {
        func oneSafeLine(_ error: any Error) -> Bool {
            let text = String(describing: error)
            return text.hasPrefix("config.toml:1: ")
                && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
        #expect { try ConfigFile.parse("no\rtify = 1\n") } throws: { oneSafeLine($0) && String(describing: $0).contains("\\u{D}") }
        #expect { try ConfigFile.parse("[profiles.\u{1B}[31m]\n") } throws: { oneSafeLine($0) && String(describing: $0).contains("\\u{1B}[31m") }
    }

    @Test("a table name not starting with a key character, or a non-ASCII character outside quotes, is refused with its line (found by fuzzing: the TOML library's assertion stopped the process)")
    func nonASCIIOutsideQuotes() throws {
        let bad: [(String, Int)] = [
            ("a = 1\n[\u{A7}rofiles.p]\nb = 2\n", 2), ("[profiles.\u{FFFD}]\n", 1), ("a = 1\n\nna\u{EF}ve = true\n", 3),
            ("x = { \u{E9} = 1 }\n", 1), ("s = \"\"\"\nline \u{E9}\n\"\"\"\nk\u{E9} = 1\n", 4),
        ]
        for (text, line) in bad {
            #expect { try ConfigFile.parse(text) } throws: {
                let text = String(describing: $0)
                return text.hasPrefix("config.toml:\(line): ") && (text.contains("outside quotes") || text.contains("a table name starts with"))
            }
        }
        // A table name must start with a key character or a quote (the TOML library assumes it).
        for (text, line) in [("notify = \"never\"\n\n[/x]\n", 3), ("[[ +a]]\n", 1), ("a = [\n  1,\n]\n[%]\n", 4), ("[\nprofiles.x]\n", 1)] {
            #expect { try ConfigFile.parse(text) } throws: {
                String(describing: $0).hasPrefix("config.toml:\(line): a table name starts with")
            }
        }
        // A list holds values: a `}` there is refused too (the library assumes it cannot be).
        #expect { try ConfigFile.parse("a = 1\nlist = [}\"x\"]\n") } throws: {
            String(describing: $0).hasPrefix("config.toml:2: '}' inside a list")
        }
        // A value's array on its own lines is not a table header.
        let nested = Result { try ConfigFile.parse("a = [\n  [+1],\n]\n") }
        if case .failure(let error) = nested { #expect(!"\(error)".contains("table name"), "\(error)") }
        // Inside strings (all four kinds), quoted keys and comments they are fine.
        let fine = #"""
            # café ☕
            display-name = "Zoë"  # naïve
            "clé" = 'déjà'
            note = """
            multi \" é \
            line"""
            raw = '''
            ü'''
            [profiles."prod-é"]
            display-name = "Søren"
            """#
        let config = try ConfigFile.parse(fine)
        #expect(config.defaults["display-name"] == .scalar("Zoë"))
        #expect(config.profiles["prod-é"]?["display-name"] == .scalar("Søren"))
    }

    @Test("an unknown profile names the known ones; a flag env var must be boolean")
    func unknownProfile() throws {
        let resolver = ConfigResolver(config: try ConfigFile.parse(Self.text), environment: [:])
        #expect(throws: ConfigError("no profile 'prod' in the configuration file (profiles: staging)")) {
            try resolver.resolve(["--profile", "prod"], options: Self.options)
        }
        let badFlag = ConfigResolver(config: ConfigFile(), environment: ["HELPLINE_PLAIN": "maybe"])
        #expect(throws: ConfigError("HELPLINE_PLAIN must be true or false")) { try badFlag.resolve([], options: Self.options) }
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x"], home: "/h") == "/x/helpline/config.toml")
        #expect(ConfigFile.defaultPath(environment: [:], home: "/h") == "/h/.config/helpline/config.toml")
    }
}

@Suite("The old config.json")
struct LegacyConfigTests {
    @Test("its sections map to config.toml keys; bad values are dropped")
    func mapsToTOMLKeys() throws {
        let json = #"{"polyai": {"api_key": "k-123", "host_id": "com.example", "environment": "uk"}, "tui": {"notify": "never", "mouse": false, "x": 1}}"#
        let values = try LegacyConfigJSON.values(Data(json.utf8), file: "config.json")
        #expect(values == ["api-key": .scalar("k-123"), "host-id": .scalar("com.example"), "environment": .scalar("uk"),
                           "notify": .scalar("never"), "no-mouse": .bool(true)])
        #expect(try LegacyConfigJSON.values(Data(#"{"tui": {"notify": "sometimes", "mouse": true}}"#.utf8), file: "f").isEmpty)
        #expect(throws: ConfigError.self) { try LegacyConfigJSON.values(Data("not json".utf8), file: "f") }
        #expect(LegacyConfigJSON.defaultPath(environment: [:], home: "/h") == "/h/.config/helpline/config.json")
        #expect(LegacyConfigJSON.defaultPath(environment: ["XDG_CONFIG_HOME": "/x"], home: "/h") == "/x/helpline/config.json")
    }

    @Test("config.toml wins over config.json; the environment (old variable too) wins over both")
    func precedence() throws {
        let legacy = try LegacyConfigJSON.values(Data(#"{"polyai": {"api_key": "from-json"}, "tui": {"notify": "never"}}"#.utf8), file: "f")
        let config = try ConfigFile.parse("notify = \"always\"\n[profiles.p]\napi-key = \"from-profile\"\n").addingLegacyDefaults(legacy)
        let options = ConfigResolver.Options(valued: ["api-key", "notify"], flags: ["no-mouse"])
        let plain = try ConfigResolver(config: config, environment: [:]).resolve([], options: options)
        #expect(plain.contains(["--api-key", "from-json"]) && plain.contains(["--notify", "always"]))
        let profiled = try ConfigResolver(config: config, environment: [:]).resolve(["--profile", "p"], options: options)
        #expect(profiled.contains(["--api-key", "from-profile"]))
        let env = try ConfigResolver(config: config, environment: ["HELPLINE_POLYAI_API_KEY": "from-env"]).resolve(["--profile", "p"], options: options)
        #expect(env.contains(["--api-key", "from-env"]) && !env.contains("from-profile"))
        let flag = try ConfigResolver(config: config, environment: ["HELPLINE_POLYAI_API_KEY": "from-env"])
            .resolve(["--api-key", "from-flag"], options: options)
        #expect(flag == ["--api-key", "from-flag", "--notify", "always"])
    }
}
