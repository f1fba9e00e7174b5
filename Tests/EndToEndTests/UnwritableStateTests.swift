import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// A state folder that cannot be written turns resume off with one notice, and the chat goes on
/// (issue 35, item 9). Both ways fail for root too: a regular file in the folder's place, and a
/// folder under /proc, where nothing can be made.
@Suite struct UnwritableStateTests {
    static func stateHome(_ kind: String) throws -> String {
        switch kind {
        case "a regular file":
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-file-\(UUID().uuidString)")
            try Data("not a folder\n".utf8).write(to: file)
            return file.path
        default:
            return "/proc/self/helpline-state"
        }
    }

    @Test("XDG_STATE_HOME that cannot be written: one notice that resume is off, and the chat goes on",
          arguments: ["a regular file", "a folder under /proc"])
    func oneNotice(kind: String) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let result = try await InteractiveHelpline.run(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
             "--display-name", "Maria", "--plain", "--linger", "1"],
            input: "hours\n", awaiting: ["Welcome to the Helpline demo", "opening hours"],
            environment: ["XDG_STATE_HOME": try Self.stateHome(kind)])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("opening hours"), "the chat went on: \(result.stdout)")
        let notices = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("Resume is off") }
        #expect(notices.count == 1, "one notice: stdout \(result.stdout)\nstderr \(result.stderr)")
    }
}

extension UnwritableStateTests {
    @Test("a state folder that stops being writable mid-chat: one notice at the first failed save, none after")
    func firstFailedSave() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let helpline = try InteractiveHelpline(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
             "--display-name", "Maria", "--plain", "--linger", "1"],
            environment: ["XDG_STATE_HOME": state.path])
        #expect(await helpline.waitForOutput("Welcome to the Helpline demo"), "\(helpline.stdout) \(helpline.stderr)")
        #expect(await RestartResumeTests.waitUntil { !RestartResumeTests.storedOutbox(in: state).isEmpty }, "saved once")
        // The folder is replaced by a file: every later save fails with ENOTDIR. It is moved
        // aside in one rename: removing it file by file raced the saver writing into it.
        let folder = state.appendingPathComponent("helpline")
        try FileManager.default.moveItem(at: folder, to: state.appendingPathComponent("moved-aside"))
        try Data("in the way\n".utf8).write(to: folder)
        helpline.type("hours")
        #expect(await helpline.waitForOutput("opening hours"))
        helpline.type("order")
        #expect(await helpline.waitForOutput("order"))
        let told = await RestartResumeTests.waitUntil { helpline.stderr.contains("Resume is off") }
        #expect(told, "\(helpline.stderr)")
        helpline.closeInput()
        _ = await helpline.waitForExit(timeout: .seconds(20))
        let notices = helpline.stderr.split(separator: "\n").filter { $0.contains("Resume is off") }
        #expect(notices.count == 1, "\(helpline.stderr)")
        #expect(notices.first?.contains("Not a directory") == true, "\(notices)")
    }
}
