import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `helpline script` interrupted: the open chats are ended on the server, the partial JUnit and the
/// summary are written, and the exit status is 130.
@Suite struct ScriptInterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedRunEndsItsChatsAndReports(signal number: Int32) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("slow.hls")
        try Data("send hello\nwait 120s\nend\n".utf8).write(to: script)
        let junit = folder.appendingPathComponent("junit.xml")
        let process = Process()
        process.executableURL = HelplineBinary.path
        process.arguments = [
            "script", script.path, script.path, "--concurrency", "2", "--junit", junit.path,
            "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
        ]
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outTask = HelplineBinary.readOnThread(stdout.fileHandleForReading)
        let errTask = HelplineBinary.readOnThread(stderr.fileHandleForReading)
        // Both chats are open, in their long wait.
        let open = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < open {
            let contacts = await server.contacts()
            var received = 0
            for contact in contacts {
                if await server.transcript(contactId: contact).contains(where: { $0.content == "hello" }) { received += 1 }
            }
            if received == 2 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, number)
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        let output = String(decoding: await outTask.value, as: UTF8.self)
        let errors = String(decoding: await errTask.value, as: UTF8.self)
        #expect(finished, "it wound down within the bounded wait: \(output)")
        #expect(process.terminationStatus == 130, "\(process.terminationStatus) \(output) \(errors)")
        #expect(output.contains("interrupted"), "\(output)")
        let contacts = await server.contacts()
        #expect(contacts.count == 2)
        for contact in contacts { #expect(await server.hasEnded(contactId: contact), "chat \(contact) was ended on the server") }
        let xml = (try? String(contentsOf: junit, encoding: .utf8)) ?? ""
        #expect(xml.contains("<testsuite") && xml.contains("interrupted"), "the partial JUnit: \(xml)")
    }
}
