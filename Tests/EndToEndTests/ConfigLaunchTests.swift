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
        #expect(args.starts(with: ["--flow", "default"]))
        #expect(args.contains("--plain") && args.contains("Top") && !args.contains("idle") && !args.contains("--profile"))
        #expect(args.contains(["--linger", "2"]))
        let connect = try ConfigLaunch.arguments(["connect", "--profile", "qa"], environment: env)
        #expect(connect.starts(with: ["connect", "--profile", "qa"]))
        #expect(try ConfigLaunch.arguments(["--help"], environment: env) == ["--help"])
    }
}
