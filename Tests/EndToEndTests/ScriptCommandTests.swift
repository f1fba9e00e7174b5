import ArgumentParser
import DemoServer
import Foundation
import Testing

@testable import helpline

#if canImport(FoundationXML)
import FoundationXML
#endif

extension Result where Failure == any Error, Success == Void {
    /// Captures the outcome of an async throwing closure.
    init(catching body: () async throws -> Void) async {
        do { try await body(); self = .success(()) } catch { self = .failure(error) }
    }
}

@Suite("helpline script (the command, in process, against the demo)", .timeLimit(.minutes(3)))
struct ScriptCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/scripts")

    private func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("helpline-\(UUID().uuidString)-\(name)").path
    }

    @Test("the example scripts pass and the JUnit file is well-formed XML")
    func examplesPass() async throws {
        let junit = temporary("junit.xml")
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".hls") }.sorted()
            .map { Self.examples.appendingPathComponent($0).path }
        // Without the saturation guard: its JUnit case would count here, and the suite shares this machine.
        let command = try ScriptCommand.parse(
            files + ["--junit", junit, "--display-name", "CI", "--expect-timeout", "60", "--no-saturation-guard"])
        try await command.run()
        let data = try Data(contentsOf: URL(fileURLWithPath: junit))
        #expect(XMLParser(data: data).parse())
        let xml = String(decoding: data, as: UTF8.self)
        #expect(xml.contains(#"tests="\#(files.count)" failures="0""#))
    }

    @Test("the same script runs against the PolyAI side of the demo (--api-key, --rest-url, --ws-url)")
    func polyAI() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        let script = temporary("polyai.hls")
        defer { try? FileManager.default.removeItem(atPath: script) }
        try Data("expect Welcome within 30s\nsend hours\nexpect opening hours within 30s\nend\n".utf8).write(to: URL(fileURLWithPath: script))
        let command = try ScriptCommand.parse([
            script, "--api-key", "demo-key", "--rest-url", server.polyAIRestURL, "--ws-url", server.polyAISocketURL,
        ])
        let outcome = await Result { try await command.run() }
        await server.stop()
        #expect(throws: Never.self) { try outcome.get() }
    }

    @Test("a failing script exits 1")
    func failingExitsNonZero() async throws {
        let script = temporary("failing.hls")
        defer { try? FileManager.default.removeItem(atPath: script) }
        try Data("expect Welcome\nsend hours\nexpect no such reply within 300ms\n".utf8).write(to: URL(fileURLWithPath: script))
        let command = try ScriptCommand.parse([script, "--expect-timeout", "60"])
        await #expect(throws: ExitCode(1)) { try await command.run() }
    }

    @Test("bad input is one clear error", arguments: [
        (["--repeat", "0", "x.hls"], "--repeat must be between 1 and 100000"),
        (["--concurrency", "50000", "x.hls"], "--concurrency must be between 1 and 10000"),
        (["--expect-timeout", "0", "x.hls"], "--expect-timeout must be between 1 and 600 seconds"),
        (["--participant-token", "t", "--repeat", "2", "x.hls"], "a --participant-token joins one chat"),
        (["--header", "nocolon", "x.hls"], "--header must look like 'Name: value'"),
    ])
    func badInput(arguments: [String], message: String) {
        #expect { try ScriptCommand.parse(arguments) } throws: { error in
            ScriptCommand.message(for: error).contains(message)
        }
    }

    @Test("a script with a bad line stops before any chat, naming file and line")
    func badScript() async throws {
        let script = temporary("bad.hls")
        defer { try? FileManager.default.removeItem(atPath: script) }
        try Data("send hi\nshout hello\n".utf8).write(to: URL(fileURLWithPath: script))
        let command = try ScriptCommand.parse([script])
        await #expect { try await command.run() } throws: { String(describing: $0) == "\(script):2: unknown step 'shout'; use send, expect, expect-event, expect-transcript, pick, set, attach, sign-in, sign-in-fail, cancel-auth, wait or end" }
    }
}
