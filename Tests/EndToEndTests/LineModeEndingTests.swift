import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Line mode as a new user meets it: `--linger` (0, negative), text after the end, one error line,
/// resume rules (a different name starts a new chat; a chat that never connected is not saved).
@Suite struct LineModeEndingTests {
    private static func chatArguments(_ server: DemoContactCenter, name: String = "Pia") -> [String] {
        ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
         "--display-name", name, "--plain"]
    }

    @Test("--linger 0 sends what was read, then ends the chat", arguments: ["hi\n", ""])
    func lingerZeroSendsThenEnds(input: String) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let result = try await HelplineBinary.run(Self.chatArguments(server) + ["--linger", "0"], input: input)
        #expect(result.status == 0, "exits cleanly: \(result.stderr)")
        #expect(result.stderr.contains("ended"), "the chat was ended: \(result.stderr)")
        if !input.isEmpty {
            let contact = try #require(await server.contacts().first)
            let sent = await server.transcript(contactId: contact).filter { $0.content == "hi" }
            #expect(sent.count == 1, "the line read was sent before the end:\n\(result.stdout)\n\(result.stderr)")
            #expect(result.stdout.contains("Pia: hi"), "\(result.stdout)")
        }
    }

    @Test("a negative --linger is a clear error, not 'Missing value'")
    func negativeLinger() async throws {
        let result = try await HelplineBinary.run(["demo", "--plain", "--linger", "-1"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--linger must be between 0 and 600"), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }

    @Test("lines after /end are not sent, and line mode says so with their text")
    func textAfterTheEndIsReported() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let result = try await HelplineBinary.run(Self.chatArguments(server), input: "hello\n/end\ntoo late now\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not sent: too late now"), "the late line is named:\n\(result.stderr)")
        let contact = try #require(await server.contacts().first)
        #expect(await server.transcript(contactId: contact).allSatisfy { $0.content != "too late now" })
    }

    @Test("a chat that cannot connect prints its cause once")
    func failurePrintedOnce() async throws {
        let result = try await HelplineBinary.run(
            ["connect", "--participant-token", "t", "--endpoint-url", "http://127.0.0.1:9", "--plain"])
        #expect(result.status != 0)
        let mentions = result.stderr.components(separatedBy: "127.0.0.1:9").count - 1
        #expect(mentions == 1, "the cause appears once:\n\(result.stderr)")
    }

    @Test("a chat that never connected is not saved for resume")
    func neverConnectedIsNotSaved() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-unsaved-\(UUID().uuidString)")
        // The start call works (a contact and a token exist), but the Participant Service is unreachable.
        let result = try await HelplineBinary.run(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", "http://127.0.0.1:9",
             "--display-name", "Pia", "--plain"],
            input: "hello\n", environment: ["XDG_STATE_HOME": state.path])
        #expect(result.status != 0, "\(result.stderr)")
        #expect(await server.contacts().count == 1, "the start call was made")
        #expect(RestartResumeTests.storedOutbox(in: state).isEmpty, "nothing saved to resume")
    }

    @Test("a different --display-name starts a new chat instead of resuming, and says so")
    func otherNameStartsANewChat() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-rename-\(UUID().uuidString)")
        let environment = ["XDG_STATE_HOME": state.path]
        let first = try InteractiveHelpline(Self.chatArguments(server, name: "Carla"), environment: environment)
        #expect(await first.waitForOutput("Welcome to the Helpline demo"), "\(first.stderr)")
        #expect(await RestartResumeTests.waitUntil { !RestartResumeTests.storedOutbox(in: state).isEmpty }, "saved")
        first.kill()

        let second = try InteractiveHelpline(Self.chatArguments(server, name: "Rex"), environment: environment)
        #expect(await second.waitForOutput("Welcome to the Helpline demo"), "\(second.stderr)")
        second.closeInput()
        #expect(await second.waitForExit(timeout: .seconds(20)) == 0, "\(second.stderr)")
        #expect(second.stderr.contains("Starting a new chat as Rex"), "\(second.stderr)")
        #expect(!second.stderr.contains("Resumed"), "\(second.stderr)")
        #expect(await server.contacts().count == 2, "a second contact, not Carla's chat")
    }
}

/// `--help` lists exactly what a command takes.
@Suite struct HelpListsWhatCommandsTakeTests {
    @Test("--profile is in the help of every command that reads the configuration file",
          arguments: ["demo", "connect", "polyai", "script", "serve", "agent", "render"])
    func profileIsListed(command: String) async throws {
        let result = try await HelplineBinary.run([command, "--help"])
        #expect(result.stdout.contains("--profile <name>"), "\(command) --help:\n\(result.stdout)")
    }

    @Test("helpline agent --help lists no option of the customer chat it would refuse")
    func agentHelp() async throws {
        let result = try await HelplineBinary.run(["agent", "--help"])
        for option in ["--plain", "--transcript", "--linger", "--new"] {
            #expect(!result.stdout.contains(option + " ") && !result.stdout.contains(option + "\n"), "\(option):\n\(result.stdout)")
        }
        #expect(result.stdout.contains("--log-file"), "\(result.stdout)")
    }
}
