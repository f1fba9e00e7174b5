import ChatEngine
import Foundation
import HelplineTestSupport
import Testing

@testable import helpline

/// Theme, status bar and receipt throttle: settable by flag and config.toml, validated, and carried
/// into the UI options and the session core; config.toml warnings and errors from the real binary.
@Suite("Settings from flags and config.toml")
struct ConfigSettingsTests {
    /// Writes `text` to a fresh config file; returns its path.
    static func configFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-settings-\(UUID().uuidString).toml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func demo(_ arguments: [String], environment: [String: String] = [:]) throws -> DemoCommand {
        let args = try ConfigLaunch.arguments(["demo"] + arguments, environment: environment, warn: { _ in })
        let parsed = try Helpline.parseAsRoot(args)
        return try #require(parsed as? DemoCommand)
    }

    @Test("defaults: default theme, status bar on top, receipts throttled to 5 s")
    func defaults() throws {
        let demo = try Self.demo([])
        #expect(demo.terminal.uiOptions().themeName == "default")
        #expect(demo.terminal.uiOptions().statusBarOnTop)
        var configuration = SessionConfiguration(transport: .direct)
        demo.common.session.apply(to: &configuration)
        #expect(configuration.core.receiptWindow == 5)
    }

    @Test("config.toml sets theme, status-bar and receipt-throttle; flags win; the values reach the UI and the core")
    func fromConfigFile() throws {
        let path = try Self.configFile("theme = \"light\"\nstatus-bar = \"bottom\"\nreceipt-throttle = 1.5\nno-receipts = false\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let env = ["HELPLINE_CONFIG": path]
        let demo = try Self.demo([], environment: env)
        let ui = demo.terminal.uiOptions()
        #expect(ui.themeName == "light" && !ui.statusBarOnTop)
        var configuration = SessionConfiguration(transport: .direct)
        demo.common.session.apply(to: &configuration)
        #expect(configuration.core.receiptWindow == 1.5 && configuration.core.sendsReceipts)
        let flagged = try Self.demo(["--status-bar", "top", "--theme", "monochrome", "--receipt-throttle", "0"], environment: env)
        #expect(flagged.terminal.uiOptions().statusBarOnTop && flagged.terminal.uiOptions().themeName == "monochrome")
        flagged.common.session.apply(to: &configuration)
        #expect(configuration.core.receiptWindow == 0)
        let agent = try #require(try Helpline.parseAsRoot(["agent", "--receipt-throttle", "2", "--status-bar", "bottom"]) as? AgentCommand)
        agent.common.apply(to: &configuration)
        #expect(configuration.core.receiptWindow == 2 && !agent.terminal.uiOptions().statusBarOnTop)
    }

    @Test("bad values are one clear error", arguments: [
        (["--receipt-throttle", "-1"], "--receipt-throttle must be between 0 and 60 seconds"),
        (["--receipt-throttle", "3600"], "--receipt-throttle must be between 0 and 60 seconds"),
        (["--receipt-throttle", "nan"], "--receipt-throttle must be between 0 and 60 seconds"),
        (["--theme", "neon"], "unknown theme 'neon'; use one of: default, light, monochrome"),
        (["--status-bar", "middle"], "--status-bar"),
    ])
    func badValues(arguments: [String], message: String) {
        #expect { try Helpline.parseAsRoot(["demo"] + arguments) } throws: { Helpline.message(for: $0).contains(message) }
    }

    @Test("every option is a known key: no warning for a file of real options, one per misspelt key")
    func unknownKeyWarnings() throws {
        let path = try Self.configFile("theme = \"light\"\nstatus-bar = \"bottom\"\n\n[profiles.qa]\nreciept-throttle = 2\nport = 9000\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warnings: [String] = []
        _ = try ConfigLaunch.arguments(["demo"], environment: ["HELPLINE_CONFIG": path]) { warnings.append($0) }
        #expect(warnings == ["\(path):5: unknown key 'reciept-throttle' in [profiles.qa] is ignored (nearest known key: 'receipt-throttle')"])
        #expect(ConfigLaunch.knownKeys().isSuperset(of: ["theme", "status-bar", "receipt-throttle", "api-key", "port", "width"]))
    }

    @Test("the binary: a warning for an unknown key, once, and the run goes on")
    func binaryWarnsAndRuns() async throws {
        let path = try Self.configFile("# settings\ndispaly-name = \"Maria\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await HelplineBinary.run(["render"], input: "**hi**\n", environment: ["HELPLINE_CONFIG": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("hi"))
        let warning = "helpline: warning: \(path):2: unknown key 'dispaly-name' is ignored (nearest known key: 'display-name')"
        #expect(result.stderr.components(separatedBy: "\n").filter { $0 == warning }.count == 1, "\(result.stderr)")
    }

    @Test("the binary: bad syntax and wrong types exit 64 with one line naming file:line", arguments: [
        ("width = 60\ntheme = light\n", ":2: cannot read the value of 'theme'"),
        ("\n\nwidth = \"wide\"\n", ":3: "),
        ("receipt-throttle = -5\n", ":1: "),
        ("[profiles.x]\n[server]\n", ":2: only [profiles.NAME] tables are supported"),
    ])
    func binaryErrors(text: String, fragment: String) async throws {
        let path = try Self.configFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = text.contains("receipt-throttle") ? ["demo", "--plain"] : ["render"]
        let result = try await HelplineBinary.run(command, input: "hi\n", environment: ["HELPLINE_CONFIG": path])
        #expect(result.status == 64, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: \(path)\(fragment)"), "\(result.stderr)")
    }
}

/// The status bar placement from config.toml in a real terminal.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUISettingsTests {
    @Test("status-bar = \"bottom\" puts the bar above the composer; the default keeps it on the first row")
    func statusBarPlacement() async throws {
        let binary = TUITmux.helplineBinary()
        let path = try ConfigSettingsTests.configFile("status-bar = \"bottom\"\ntheme = \"light\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bottom = try TUITmux(command: "HELPLINE_CONFIG='\(path)' '\(binary)' demo --new --display-name Tess")
        let below = await bottom.wait(timeout: 60) { $0.count >= 30 && $0[28].contains("connected") && $0.has("Helpline demo") }
        #expect(below.ok, "status bar on row 29 of 30, above the composer:\n\(below.screen.dump)")
        #expect(!below.screen[0].contains("connected") && below.screen[29].hasPrefix("› "), "\(below.screen.dump)")
        let top = try TUITmux(command: "HELPLINE_CONFIG='\(path)' '\(binary)' demo --new --display-name Tess --status-bar top")
        let above = await top.wait(timeout: 60) { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(above.ok, "the flag beats the file: status bar on the first row:\n\(above.screen.dump)")
        #expect(above.screen.count >= 30 && above.screen[28].hasPrefix("────"), "the rule above the composer:\n\(above.screen.dump)")
    }
}
