import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// An attachment still uploading when Helpline is killed is not lost (issue 35, item 10): the next
/// run shows it as not sent, writes it to the transcript file, and `/retry` sends it.
@Suite struct CrashedUploadTests {
    @Test func anUploadInterruptedByACrashIsShownFailedAndRetried() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-crashed-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.pdf")
        try Data("%PDF-1.4\n% a statement\n%%EOF\n".utf8).write(to: file)
        let transcript = folder.appendingPathComponent("second.jsonl")
        let state = folder.appendingPathComponent("state")
        let arguments = RestartResumeTests.arguments(server)
        let environment = ["XDG_STATE_HOME": state.path]

        let first = try InteractiveHelpline(arguments, environment: environment)
        #expect(await first.waitForOutput("Welcome to the Helpline demo"), "first run: \(first.stdout) \(first.stderr)")
        let contacts = await server.contacts()
        // Every REST call now fails and is tried again later: the upload is still going when the program dies.
        await server.setRESTFailureRate(1.0)
        first.type("/attach \(file.path)")
        let saved = await RestartResumeTests.waitUntil { RestartResumeTests.storedOutbox(in: state).contains("big.pdf") }
        #expect(saved, "the upload is in the state file")
        first.kill()

        await server.setRESTFailureRate(0)
        let second = try InteractiveHelpline(arguments + ["--transcript", transcript.path], environment: environment)
        let told = await Self.eventually {
            second.stderr.contains("Not sent: Helpline stopped while uploading big.pdf. /retry sends it again.")
        }
        #expect(told, "second run: \(second.stdout) \(second.stderr)")
        #expect(second.stdout.contains("big.pdf (application/pdf, 29 B) [failed — /retry]"), "\(second.stdout)")
        let recorded = await RestartResumeTests.waitUntil {
            ((try? String(contentsOf: transcript, encoding: .utf8)) ?? "").contains("big.pdf")
        }
        #expect(recorded, "the transcript file records it: \((try? String(contentsOf: transcript, encoding: .utf8)) ?? "")")
        second.type("/retry")
        let contactId = try #require(contacts.first)
        let onServer = await Self.eventually {
            await server.transcript(contactId: contactId).contains { $0.attachments.first?.name == "big.pdf" }
        }
        #expect(onServer, "sent on /retry: \(second.stdout) \(second.stderr)")
        #expect(await server.contacts() == contacts, "the same chat")
        second.closeInput()
        _ = await second.waitForExit(timeout: .seconds(20))
    }

    /// True once `condition` holds, false after `timeout`.
    static func eventually(timeout: Duration = .seconds(20), _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }
}
