import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `--record` and `--golden` with the real binary in line mode (stdin a pipe, typed line by line as a
/// person would, after each reply), then `helpline script` replaying the recording against the same
/// demo flow on loopback.
@Suite("helpline --record / --golden, replayed by helpline script", .timeLimit(.minutes(4)))
struct RecordReplayTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func environment() -> [String: String] {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)").path
        return ["XDG_STATE_HOME": state, "TZ": "UTC"]
    }

    private static func connectArguments(_ server: DemoContactCenter) -> [String] {
        ["--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString]
    }

    /// `helpline script FILE` with `backend`; steps without `within` wait up to a minute (a loaded machine).
    static func replay(_ script: String, _ backend: [String] = []) async throws -> HelplineBinary.Result {
        try await HelplineBinary.run(["script", script, "--expect-timeout", "60"] + backend, timeout: .seconds(180))
    }

    private static func polyAIArguments(_ server: DemoContactCenter) -> [String] {
        ["--api-key", "demo-key", "--rest-url", server.polyAIRestURL, "--ws-url", server.polyAISocketURL]
    }

    /// Types `line` once stdout shows `reply` (printed after what was waited for before).
    private func after(_ chat: InteractiveHelpline, _ reply: String, type line: String?) async {
        let seen = await chat.waitForOutput(reply, timeout: .seconds(60))
        #expect(seen, "waited for \(reply):\n\(chat.stdout)\n\(chat.stderr)")
        if let line { chat.type(line) }
    }

    private func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test("""
        a Connect chat with a quick-reply pick, ended by end of input, is recorded and its replay passes; \
        the golden file matches, and a changed one fails with a diff
        """)
    func connectChatReplays() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("survey.hls").path
        let golden = folder.appendingPathComponent("survey.golden").path
        let chat = try InteractiveHelpline(
            ["connect"] + Self.connectArguments(server)
                + ["--display-name", "Maria", "--plain", "--linger", "1", "--record", script, "--golden", golden],
            environment: Self.environment())
        await after(chat, "Welcome to the Helpline demo", type: "hours")
        await after(chat, "Times are UTC.", type: "feedback")
        await after(chat, "Pick with /pick N.", type: "/pick 1")
        await after(chat, "Thanks for your feedback, Maria!", type: nil)
        chat.closeInput()
        #expect(await chat.waitForExit(timeout: .seconds(30)) == 0, "\(chat.stderr)")
        #expect(chat.stderr.contains("recorded the chat in \(script)"), "\(chat.stderr)")
        #expect(try mode(script) == 0o600 && mode(golden) == 0o600)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let steps = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        // A slow reply on a loaded machine gets a `within` of its own (RecordedStep.within, unit-tested): not compared here.
        let withoutLimits = steps.map { $0.replacingOccurrences(of: #" within \d+s$"#, with: "", options: .regularExpression) }
        #expect(withoutLimits == [
            #"expect Hi .+?! Welcome to the Helpline demo\. I'm a scripted bot\. Try: help, hours, order, markdown or agent\."#,
            "send hours",
            #"expect Our \(pretend\) opening hours:\n\n\| Day \| Hours \|\n\|---\|---\|\n\| Mon-Fri \| \d+:\d+-\d+:\d+ \|\n\| Sat \| \d+:\d+-\d+:\d+ \|\n\| Sun \| closed \|\n\nTimes are \*\*UTC\*\*\."#,
            "send feedback",
            #"expect \*\*How was your experience with the Helpline demo\?\*\*\n\n\d+\. Great\n\d+\. OK\n\d+\. Poor\n\n_Pick with /pick N\._"#,
            "pick 1",
            #"expect Thanks for your feedback, .+?!"#,
            "end",
            "expect-transcript survey.golden",
        ], "\(text)")
        #expect(text.contains("\n# Helpline Bot: Thanks for your feedback, Maria!\n"), "\(text)")

        // The replay chats as "Script" (the default name): the generalised name is what lets it pass.
        let replay = try await Self.replay(script, Self.connectArguments(server))
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        #expect(replay.stdout.contains("1 run(s): 1 passed, 0 failed"), "\(replay.stdout)")

        let original = try String(contentsOfFile: golden, encoding: .utf8)
        try Data(original.replacingOccurrences(of: "[2] OK", with: "[2] Fine").utf8).write(to: URL(fileURLWithPath: golden))
        let changed = try await Self.replay(script, Self.connectArguments(server))
        #expect(changed.status == 1, "\(changed.stdout)")
        #expect(changed.stdout.split(separator: "\n").contains { $0.contains("FAIL") && $0.hasSuffix("expect-transcript survey.golden") },
                "\(changed.stdout)")
        for line in ["--- survey.golden (golden)", "+++ this run", "-  [2] Fine", "+  [2] OK", "   [1] Great", "   [3] Poor"] {
            #expect(changed.stdout.contains("          \(line)\n"), "the diff shows \(line), indented under its step:\n\(changed.stdout)")
        }
    }

    @Test("a PolyAI chat (streamed replies) is recorded and its replay over PolyAI passes")
    func polyAIChatReplays() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("polyai.hls").path
        let chat = try InteractiveHelpline(
            ["polyai"] + Self.polyAIArguments(server) + ["--display-name", "Maria", "--plain", "--record", script],
            environment: Self.environment())
        await after(chat, "Welcome to the Helpline demo", type: "order")
        await after(chat, "Track it at", type: "stream")
        await after(chat, "growing.", type: "/end")  // (the line is wrapped at 80 columns)
        #expect(await chat.waitForExit(timeout: .seconds(30)) == 0, "\(chat.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains(#"expect Order \*\*#HL-\d+\*\* is on its way:"#), "\(text)")
        #expect(text.contains("send stream\n# Helpline Bot: Sure! This reply streams in pieces"),
                "one expect for the whole streamed reply:\n\(text)")
        #expect(text.hasSuffix("\nend\n"), "\(text)")
        let replay = try await Self.replay(script, Self.polyAIArguments(server))
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)\n\(text)")
    }

    @Test("SIGTERM in the middle of a chat still writes the whole recording, which says so and replays")
    func signalWritesTheRecording() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("stopped.hls").path
        let chat = try InteractiveHelpline(
            ["connect"] + Self.connectArguments(server) + ["--display-name", "Maria", "--plain", "--record", script],
            environment: Self.environment())
        await after(chat, "Welcome to the Helpline demo", type: "order")
        await after(chat, "Track it at", type: nil)
        chat.signal(SIGTERM)
        #expect(await chat.waitForExit(timeout: .seconds(30)) == 128 + SIGTERM, "\(chat.stderr)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("send order\n"), "\(text)")
        let ending = "# The recording stopped here before the chat ended (stopped by SIGTERM); a replay ends the chat after the last step.\n"
        #expect(text.hasSuffix(ending), "\(text)")
        let replay = try await Self.replay(script, Self.connectArguments(server))
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
    }

    @Test("an existing recording target is refused without --force, before any chat; a missing folder too; --force replaces")
    func refusesToOverwrite() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("kept.hls").path
        try Data("send keep me\n".utf8).write(to: URL(fileURLWithPath: existing))
        let base = ["connect"] + Self.connectArguments(server) + ["--display-name", "Maria", "--plain", "--linger", "0"]
        let cases: [([String], String)] = [
            (["--record", existing], "Error: --record: \(existing) already exists; use --force to replace it"),
            (["--golden", existing], "Error: --golden: \(existing) already exists; use --force to replace it"),
            (["--record", folder.appendingPathComponent("no/such/folder.hls").path],
             "Error: --record: the folder \(folder.path)/no/such does not exist"),
            (["--record", folder.path], "Error: --record: \(folder.path) is a folder"),
        ]
        for (extra, message) in cases {
            let result = try await HelplineBinary.run(base + extra, input: "hours\n")
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").map(String.init) == [message], "one clear line: \(result.stderr)")
            #expect(result.stdout.isEmpty, "no chat: \(result.stdout)")
        }
        #expect(await server.contacts().isEmpty, "no chat was started")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "send keep me\n")

        let forced = try await HelplineBinary.run(base + ["--record", existing, "--force"], input: "hours\n")
        #expect(forced.status == 0, "\(forced.stderr)")
        let text = try String(contentsOfFile: existing, encoding: .utf8)
        #expect(text.hasPrefix("# Recorded by helpline") && text.contains("\nsend hours\n"), "\(text)")
        #expect(try mode(existing) == 0o600)
    }

    @Test("helpline script --update-golden rewrites a golden file that no longer matches, and the next run compares against it")
    func updateGolden() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let dir = try Self.folder()
        let golden = dir.appendingPathComponent("hours.golden").path
        try "Bot: something the bot never said\n".write(toFile: golden, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("hours.hls").path
        try "expect Welcome\nsend hours\nexpect opening hours\nexpect-transcript hours.golden\nend\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let stale = try await Self.replay(script, Self.connectArguments(server))
        #expect(stale.status == 1 && stale.stdout.contains("-Bot: something the bot never said"), "\(stale.stdout)")
        let updated = try await Self.replay(script, Self.connectArguments(server) + ["--update-golden"])
        #expect(updated.status == 0, "\(updated.stdout)")
        let rewritten = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(rewritten.contains("opening hours") && !rewritten.contains("never said"))
        let again = try await Self.replay(script, Self.connectArguments(server))
        #expect(again.status == 0, "the rewritten file matches the next run: \(again.stdout)")
    }
}

/// The full-screen UI ends the process at once on SIGTERM (after restoring the terminal): the recording
/// is written on the way out all the same.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"), .timeLimit(.minutes(3)))
struct RecordFullScreenTests {
    @Test("SIGTERM to the full-screen chat writes the recording, which replays")
    func signalInTheFullScreenUI() async throws {
        let tmux = try TUITmux(command: "'\(TUITmux.helplineBinary())' demo --display-name Tess --record rec.hls")
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Welcome to the Helpline demo") }
        #expect(ready.ok, "started:\n\(ready.screen.dump)")
        tmux.type("order")
        tmux.keys("Enter")
        let answered = await tmux.wait { $0.has("Track it at") }
        #expect(answered.ok, "answered:\n\(answered.screen.dump)")
        let helpline = try #require(TUISignalTests.helplinePID(in: tmux), "helpline runs in the pane")
        kill(helpline, SIGTERM)
        #expect(await TUISignalTests.waitForExit(helpline), "SIGTERM ends helpline")
        let text = try #require(tmux.file("rec.hls"), "the recording is written")
        #expect(text.contains("\nsend order\n# Helpline Bot: Order **#HL-1042** is on its way:\n"), "\(text)")
        let ending = "# The recording stopped here before the chat ended; a replay ends the chat after the last step.\n"
        #expect(text.hasSuffix(ending), "\(text)")
        let path = tmux.directory.appendingPathComponent("rec.hls").path
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let replay = try await RecordReplayTests.replay(path)
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
    }
}
