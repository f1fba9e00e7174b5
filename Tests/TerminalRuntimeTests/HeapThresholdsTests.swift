import Foundation
import HelplineTestSupport
import Testing

@testable import TerminalRuntime

@Suite("glibc's thresholds stay where they were set")
struct HeapThresholdsTests {
    /// Runs the `heap-probe` executable SwiftPM built beside the tests; what it printed.
    static func probe(_ arguments: [String]) throws -> String {
        let path = HelplineBinary.built("heap-probe")
        try #require(FileManager.default.isExecutableFile(atPath: path.path), "heap-probe is not built")
        return try HelplineBinary.output(of: path, arguments)
    }

    @Test("pinned, a big block is mapped on its own even after a bigger one was freed; unpinned, glibc takes it from the heap (the freed block raised the threshold, and with it the heap's trim threshold, for good)")
    func aFreedBigBlockMovesNothing() throws {
        #expect(try Self.probe([]) == "mapped")
        #expect(try Self.probe(["--unpinned"]) == "heap", "glibc's dynamic threshold, which the pin is there to stop")
        #expect(HeapThresholds.pin())
    }
}
