import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Kill the client mid-chat with a message still unsent; start it again: same chat, history once, message delivered once.
@Suite struct RestartResumeTests {
    @Test func killedClientResumesTheSameChatAndDeliversItsOutbox() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-resume-\(UUID().uuidString)")
        let arguments = RestartResumeTests.arguments(server)
        let environment = ["XDG_STATE_HOME": state.path]

        let first = try InteractiveHelpline(arguments, environment: environment)
        #expect(await first.waitForOutput("Welcome to the Helpline demo"), "first run: \(first.stdout) \(first.stderr)")
        let contacts = await server.contacts()
        #expect(contacts.count == 1)

        // The server now refuses every REST call, so the next message cannot be sent.
        await server.setRESTFailureRate(1.0)
        first.type("remember me")
        let stored = await Self.waitUntil { Self.storedOutbox(in: state).contains("remember me") }
        #expect(stored, "the unsent message is in the state file")
        let record = Self.storedOutbox(in: state)
        #expect(record.contains("\"participantToken\""), "the token is stored")
        first.kill()
        let files = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("helpline").path)
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: state.appendingPathComponent("helpline/\(file)").path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file) is private")
        }

        await server.setRESTFailureRate(0)
        let second = try InteractiveHelpline(arguments, environment: environment)
        #expect(await second.waitForOutput("Maria: remember me"), "second run: \(second.stdout) \(second.stderr)")
        second.closeInput()
        #expect(await second.waitForExit(timeout: .seconds(20)) == 0, "exits cleanly: \(second.stderr)")

        #expect(second.stderr.contains("Resumed your chat with Helpline Bot as Maria"), "the notice names whom the chat is with: \(second.stderr)")
        #expect(await server.contacts() == contacts, "the same chat, not a new one")
        let greetings = second.stdout.components(separatedBy: "Welcome to the Helpline demo").count - 1
        #expect(greetings == 1, "history shown once:\n\(second.stdout)")
        #expect(second.stdout.components(separatedBy: "Maria: remember me").count - 1 == 1)
        let onServer = await server.transcript(contactId: contacts[0]).filter { $0.content == "remember me" }
        #expect(onServer.count == 1, "delivered exactly once")
        #expect(Self.storedOutbox(in: state).isEmpty, "the ended chat is forgotten")
    }

    /// Line mode as Maria against `server`'s chat, lingering 3 s at the end: the runs a restart test makes.
    static func arguments(_ server: DemoContactCenter) -> [String] {
        [
            "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
            "--display-name", "Maria", "--plain", "--linger", "3",
        ]
    }

    static func storedOutbox(in state: URL) -> String {
        let folder = state.appendingPathComponent("helpline")
        // Only the state files themselves (a save in progress uses a hidden temporary file).
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json") && !$0.hasPrefix(".")
        }
        return files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
    }

    static func waitUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

/// A stored chat that ended while the client was away continues as a persistent chat.
@Suite struct PersistentChatTests {
    @Test func endedChatContinuesWithItsHistoryMarkedAsEarlier() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-persist-\(UUID().uuidString)")
        let arguments = RestartResumeTests.arguments(server)
        let environment = ["XDG_STATE_HOME": state.path]

        let first = try InteractiveHelpline(arguments, environment: environment)
        #expect(await first.waitForOutput("Welcome to the Helpline demo"))
        first.type("hours")
        #expect(await first.waitForOutput("opening hours"))
        first.kill()
        let original = try #require(await server.contacts().first)
        await server.endChat(contactId: original)

        let second = try InteractiveHelpline(arguments, environment: environment)
        #expect(await second.waitForOutput("restored"), "rehydrated: \(second.stdout) \(second.stderr)")
        #expect(await second.waitForOutput("Welcome to the Helpline demo"))
        second.closeInput()
        #expect(await second.waitForExit(timeout: .seconds(20)) == 0, "exits cleanly: \(second.stderr)")
        #expect(second.stderr.contains("continuing it as a new chat"))
        let contacts = await server.contacts()
        #expect(contacts.count == 2 && contacts.contains(original), "a second contact continues the first")
        let earlier = second.stdout.split(separator: "\n").filter { $0.contains("(earlier)") }
        #expect(earlier.contains { $0.contains("Maria (earlier): hours") }, "past items are shown as history:\n\(second.stdout)")
        #expect(!earlier.isEmpty && earlier.count < second.stdout.split(separator: "\n").count)
    }
}
