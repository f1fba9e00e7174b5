import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `/attach` in line mode with the real binary.
@Suite struct PlainAttachmentTests {
    @Test func lineModeAttachesAFileAndNumbersIt() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("notes.txt")
        try Data("line one\nline two\n".utf8).write(to: file)
        let result = try await InteractiveHelpline.run(
            [
                "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
                "--display-name", "Maria", "--plain", "--linger", "3", "--new",
            ],
            input: "/attach \(file.path)\n/attach \(dir.path)/nope.txt\n/download 7\n", awaiting: ["📎 #1 notes.txt"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Maria: 📎 #1 notes.txt (text/plain, 18 B)"), "\(result.stdout)")
        #expect(result.stderr.contains("Cannot attach \(dir.path)/nope.txt: no such file."), "\(result.stderr)")
        #expect(result.stderr.contains("helpline: there are no attachments")
            || result.stderr.contains("with N from 1 to 1"), "\(result.stderr)")
        let contactId = try #require(await server.contacts().first)
        #expect(await server.transcript(contactId: contactId).contains { $0.attachments.first?.name == "notes.txt" })
    }

    @Test func anUploadNotSentWhenHelplineQuitsIsReported() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The demo signs uploads of "tampered" files with a header too many: the upload fails.
        let file = dir.appendingPathComponent("tampered notes.txt")
        try Data("x".utf8).write(to: file)
        let result = try await HelplineBinary.run(
            [
                "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
                "--display-name", "Maria", "--plain", "--linger", "0.5", "--new",
            ],
            input: "/attach \"\(file.path)\"\n")
        #expect(result.stderr.contains("SignatureDoesNotMatch"), "\(result.stderr)")
        #expect(result.stderr.contains(
            "helpline: not sent, Helpline quit first: tampered notes.txt (failed). /attach it again in the next chat."),
            "\(result.stderr)")
    }
}
