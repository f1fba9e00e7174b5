import Foundation
import HelplineScript
import HelplineTestSupport
import Testing

/// Hostile numbers and paths given to the executable: one clear line and a non-zero exit (or the
/// right output), never a crash.
@Suite("helpline: hostile flags and files", .timeLimit(.minutes(3)))
struct HostileInputCLITests {
    let cli = CLITests()

    @Test(
        "a URL flag with a port above 65535 is one clear error, not a crash",
        arguments: [
            ["connect", "--participant-token", "t", "--endpoint-url", "http://127.0.0.1:99999", "--plain"],
            ["connect", "--start-url", "http://127.0.0.1:99999/Prod", "--display-name", "M", "--plain"],
            ["polyai", "--api-key", "k", "--rest-url", "http://127.0.0.1:70000/api/v1", "--ws-url", "ws://127.0.0.1:1/ws", "--plain"],
        ])
    func portAbove65535(arguments: [String]) async throws {
        cli.expectOneLineError(try await HelplineBinary.run(arguments), mentioning: ["65535"])
    }

    @Test("serve --faults latency=1e300s is one clear error, not a crash")
    func hugeFaultDuration() async throws {
        cli.expectOneLineError(try await HelplineBinary.run(["serve", "--faults", "latency=1e300s"]), mentioning: ["latency", "24h"])
    }

    @Test("report merge of summaries whose counts would add past Int64 is one clear error naming the field")
    func summariesPastInt64() async throws {
        let folder = try ReportCommandTests.Folder()
        var summary = LoadSummary()
        summary.scripts = ["greeting"]
        summary.counts.planned = 1
        let text = String(decoding: try summary.json(), as: UTF8.self)
            .replacingOccurrences(of: #""passed":0"#, with: #""passed":9223372036854775807"#)
        let one = try folder.write("one.json", text)
        let two = try folder.write("two.json", text)
        cli.expectOneLineError(try await HelplineBinary.run(["report", "merge", one, two]), mentioning: ["counts.passed"])
    }

    @Test("render reads /dev/null and a pipe (/dev/stdin) like files")
    func renderDevices() async throws {
        let empty = try await HelplineBinary.run(["render", "--color", "never", "/dev/null"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let piped = try await HelplineBinary.run(["render", "--color", "never", "/dev/stdin"], input: "**hello** pipe\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("hello pipe"))
    }

    @Test("render of a folder, a missing file or --width 0 is one clear line")
    func renderMistakes() async throws {
        let folder = try await HelplineBinary.run(["render", FileManager.default.temporaryDirectory.path])
        #expect(folder.status != 0)
        #expect(folder.stderr.contains("is a folder"), "\(folder.stderr)")
        #expect(!folder.stderr.contains("NSCocoaErrorDomain"))
        let missing = try await HelplineBinary.run(["render", "/nonexistent/reply.md"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no such file"), "\(missing.stderr)")
        cli.expectOneLineError(try await HelplineBinary.run(["render", "--width", "0", "/dev/null"]), mentioning: ["--width"])
    }
}
