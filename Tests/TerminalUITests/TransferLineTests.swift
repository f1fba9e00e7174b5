import ChatModel
import Foundation
import Testing
@testable import TerminalUI

/// Line mode's transfer progress: each quarter is printed once, however many progress reports
/// round to it.
@Suite struct TransferLineTests {
    @Test("two progress reports at 0 % print one `uploading … 0%` line")
    func eachStepOnce() async {
        let tracker = PlainActivity()
        func progress(_ done: Int64) -> FileTransfer {
            FileTransfer(direction: .upload, id: "u1", name: "report.pdf", bytesDone: done, bytesTotal: 1_000_000, phase: .running)
        }
        var lines: [String] = []
        for done in [Int64(0), 10, 250_000, 250_100, 600_000] {
            if let line = await PlainAttachments.report(progress(done), tracker: tracker).line { lines.append(line) }
        }
        #expect(lines == ["-- uploading report.pdf: 0% of 976.6 KB", "-- uploading report.pdf: 25% of 976.6 KB"])
    }
}
