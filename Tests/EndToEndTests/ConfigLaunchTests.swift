import Foundation
import Testing

@testable import helpline

@Suite("Configuration applied to the real commands")
struct ConfigLaunchTests {
    @Test("options are read from each command's help: values, flags, repeatable")
    func optionsOfCommands() {
        let demo = ConfigLaunch.options(of: DemoCommand.self)
        #expect(demo.valued.isSuperset(of: ["flow", "display-name", "log-level", "header", "trace"]))
        #expect(demo.flags.isSuperset(of: ["plain", "new", "no-typing"]))
        #expect(demo.repeatable.contains("header"))
        #expect(ConfigLaunch.options(of: ConnectCommand.self).valued.contains("profile"))
    }

    @Test("a profile from HELPLINE_CONFIG completes the default subcommand; flags win")
    func completesArguments() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-config-\(UUID().uuidString).toml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("display-name = \"Top\"\n[profiles.qa]\nplain = true\nflow = \"idle\"\n".utf8).write(to: URL(fileURLWithPath: path))
        let env = ["HELPLINE_CONFIG": path, "HELPLINE_LINGER": "2"]
        let args = try ConfigLaunch.arguments(["--profile", "qa", "--flow", "default"], environment: env)
        // Every command declares --profile now (so --help lists it): it stays, and is read before parsing.
        #expect(args.starts(with: ["--profile", "qa", "--flow", "default"]))
        #expect(args.contains("--plain") && args.contains("Top") && !args.contains("idle"))
        #expect(args.contains(["--linger", "2"]))
        let connect = try ConfigLaunch.arguments(["connect", "--profile", "qa"], environment: env)
        #expect(connect.starts(with: ["connect", "--profile", "qa"]))
        #expect(try ConfigLaunch.arguments(["--help"], environment: env) == ["--help"])
    }

    @Test("one file: the PolyAI key and the UI settings come from config.toml; an old config.json still counts")
    func polyAIKeyAndUISettingsFromTOML() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-xdg-\(UUID().uuidString)")
        let dir = folder.appendingPathComponent("helpline")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let env = ["XDG_CONFIG_HOME": folder.path]
        try Data("api-key = \"toml-key\"\nnotify = \"never\"\nno-mouse = true\n".utf8).write(to: dir.appendingPathComponent("config.toml"))
        let polyai = try ConfigLaunch.arguments(["polyai"], environment: env)
        #expect(polyai.contains(["--api-key", "toml-key"]) && polyai.contains(["--notify", "never"]) && polyai.contains("--no-mouse"))
        let demo = try ConfigLaunch.arguments(["demo"], environment: env)
        #expect(!demo.contains("--api-key"), "only options the command takes")
        #expect(demo.contains(["--notify", "never"]))
        try Data(#"{"polyai": {"api_key": "json-key", "host_id": "com.example"}, "tui": {"mouse": false}}"#.utf8)
            .write(to: dir.appendingPathComponent("config.json"))
        let both = try ConfigLaunch.arguments(["polyai"], environment: env)
        #expect(both.contains(["--api-key", "toml-key"]) && both.contains(["--host-id", "com.example"]), "config.toml wins, the rest still applies")
        try Data("{broken".utf8).write(to: dir.appendingPathComponent("config.json"))
        #expect(throws: (any Error).self) { try ConfigLaunch.arguments(["polyai"], environment: env) }
    }
}
