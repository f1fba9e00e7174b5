import Foundation
import HelplineTestSupport
import Testing

@testable import HelplineScript

/// The `attach PATH` step against the demo contact center.
@Suite("attach steps against the demo", .timeLimit(.minutes(2)))
struct AttachScriptTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("attach uploads the file; missing, oversized and rejected files fail with a reason")
    func attachSteps() async throws {
        let harness = try await DemoHarness.start()
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) }).write(to: dir.appendingPathComponent("photo.png"))
        try Data("x".utf8).write(to: dir.appendingPathComponent("virus.png"))
        try Data("#!/bin/sh".utf8).write(to: dir.appendingPathComponent("tool.sh"))
        let script = try ScriptParser.parse(
            """
            expect Welcome
            attach \(dir.path)/photo.png
            attach \(dir.path)/missing.png
            attach \(dir.path)/tool.sh
            attach \(dir.path)/virus.png
            send bye
            expect Goodbye
            """, name: "attach")
        let result = await harness.runner.run(script)
        await harness.server.stop()
        let log = result.steps.map { StepLog.line($0) }.joined(separator: "\n")
        #expect(result.steps[1].passed && result.steps[1].detail == "sent photo.png, 4.9 KB, approved", "\(log)")
        #expect(result.failures.map(\.step.line) == [3, 4, 5], "\(log)")
        #expect(result.failures[0].failure?.hasSuffix("missing.png: no such file") == true, "\(log)")
        #expect(result.failures[1].failure?.contains("tool.sh is application/octet-stream") == true, "\(log)")
        #expect(result.failures[2].failure == "the contact center's scan rejected virus.png", "\(log)")
        #expect(result.steps[6].passed, "the chat goes on after failed uploads:\n\(log)")
    }

    @Test("relative attach paths are read next to the script file")
    func relativePaths() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("upload.hls")
        try "attach files/a.png\nattach /abs/b.png\n".write(to: file, atomically: true, encoding: .utf8)
        let script = try ScriptParser.parse(fileAt: file.path)
        #expect(script.steps.map(\.action) == [.attach(path: dir.path + "/files/a.png"), .attach(path: "/abs/b.png")])
    }
}
