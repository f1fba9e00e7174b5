import Foundation
import Testing

@testable import TerminalRuntime

@Suite("glibc's thresholds stay where they were set")
struct HeapThresholdsTests {
    /// Runs the `heap-probe` executable SwiftPM built beside the tests; what it printed.
    static func probe(_ arguments: [String]) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            root.appendingPathComponent(".build/debug/heap-probe"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("heap-probe"),
        ]
        let path = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let process = Process()
        process.executableURL = path
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("pinned, a big block is mapped on its own even after a bigger one was freed; unpinned, glibc takes it from the heap (the freed block raised the threshold, and with it the heap's trim threshold, for good)")
    func aFreedBigBlockMovesNothing() throws {
        #expect(try Self.probe([]) == "mapped")
        #expect(try Self.probe(["--unpinned"]) == "heap", "glibc's dynamic threshold, which the pin is there to stop")
        #expect(HeapThresholds.pin())
    }
}
