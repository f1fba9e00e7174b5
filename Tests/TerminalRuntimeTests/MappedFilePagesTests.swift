import Foundation
import Testing

@testable import TerminalRuntime

@Suite("Letting go of the mappings of clean file pages")
struct MappedFilePagesTests {
    /// Mappings of each kind: two to let go of, the rest not.
    static let sample = """
        55d0a0000000-55d0a1000000 r-xp 00000000 fe:00 123 /usr/bin/helpline
        Rss:                4096 kB
        Anonymous:             0 kB
        Locked:                0 kB
        55d0a1000000-55d0a1100000 r--p 01000000 fe:00 123 /usr/bin/helpline
        Rss:                1024 kB
        Anonymous:          1024 kB
        Locked:                0 kB
        55d0a1100000-55d0a1200000 rw-p 01100000 fe:00 123 /usr/bin/helpline
        Anonymous:           200 kB
        7f0000000000-7f0000400000 rw-p 00000000 00:00 0
        Anonymous:          4096 kB
        7f0000400000-7f0000500000 r--p 00000000 00:00 0
        Anonymous:             0 kB
        7f1000000000-7f1000100000 r--p 00000000 fe:00 77 /usr/lib/locale/C.utf8/LC_CTYPE
        Anonymous:             0 kB
        7f2000000000-7f2000100000 r-xp 00000000 fe:00 78 /usr/lib/libfoo.so
        Anonymous:             0 kB
        Locked:               64 kB
        7f3000000000-7f3000100000 r-xs 00000000 fe:00 79 /dev/shm/shared
        Anonymous:             0 kB
        7ffd00000000-7ffd00002000 r-xp 00000000 00:00 0 [vdso]
        """

    @Test("read through a buffer of any size, the text gives the same mappings; a line too long for the buffer only ever leaves its mapping out")
    func readsThroughAnyBuffer() {
        let whole = MappedFilePages.cleanFileRanges(Self.sample, bufferBytes: 1 << 16)
        #expect(whole.count == 2)
        let longest = Self.sample.split(separator: "\n").map(\.utf8.count).max() ?? 0
        for size in 1...(longest + 40) {
            let ranges = MappedFilePages.cleanFileRanges(Self.sample, bufferBytes: size)
            if size > longest {
                #expect(ranges.map(\.start) == whole.map(\.start), "buffer of \(size) bytes")
                #expect(ranges.map(\.end) == whole.map(\.end), "buffer of \(size) bytes")
            } else {
                #expect(ranges.allSatisfy { range in whole.contains { $0 == range } }, "buffer of \(size) bytes")
            }
        }
        // Without the last newline, and with blank lines and runs of spaces between the fields.
        let loose = "\n55d0a0000000-55d0a1000000   r-xp 00000000 fe:00  123   /usr/bin/helpline\n\nAnonymous:  0 kB"
        #expect(MappedFilePages.cleanFileRanges(loose).map(\.start) == [0x55d0_a000_0000])
    }

    @Test("an address that is not lower-case hexadecimal, or longer than a word, or a field missing, rules a mapping out")
    func rulesOutMalformedHeaders() {
        let lines = [
            "55d0a0000000-55d0a100000g r-xp 00000000 fe:00 123 /usr/bin/a",
            "1155d0a0000000000-55d0a1000000 r-xp 00000000 fe:00 123 /usr/bin/a",
            "55d0a1000000-55d0a0000000 r-xp 00000000 fe:00 123 /usr/bin/a",
            "55d0a0000000 r-xp 00000000 fe:00 123 /usr/bin/a",
            "55d0a0000000-55d0a1000000 r-xp 00000000 fe:00 123",
            "-55d0a1000000 r-xp 00000000 fe:00 123 /usr/bin/a",
        ]
        for line in lines {
            #expect(MappedFilePages.cleanFileRanges(line + "\nAnonymous: 0 kB\n").isEmpty, "\(line)")
        }
        #expect(MappedFilePages.cleanFileRanges("7f00a000-7f00b000 r--p 0 fe:00 9 /x\n").map(\.start) == [0x7F00_A000])
        #expect(MappedFilePages.cleanFileRanges("7F00A000-7F00B000 r--p 0 fe:00 9 /x\n").isEmpty, "not as the kernel writes it")
    }

    @Test("only private, read-only, file-backed mappings without a page of their own are let go of")
    func picksOnlyCleanFileMappings() {
        let smaps = Self.sample
        let ranges = MappedFilePages.cleanFileRanges(smaps)
        #expect(ranges.map(\.start) == [0x55d0_a000_0000, 0x7f10_0000_0000])
        #expect(ranges.map(\.end) == [0x55d0_a100_0000, 0x7f10_0010_0000])
    }

    @Test("letting go of the mappings keeps the process running as before, and lowers its resident size")
    func releasingKeepsCodeWorking() throws {
        let before = Self.residentFileKiB()
        #expect(MappedFilePages.release() > 0)
        let after = Self.residentFileKiB()
        #expect(after < before)
        // Code and read-only data come back as they are used.
        #expect(String(repeating: "ab", count: 3).uppercased() == "ABABAB")
    }

    static func residentFileKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssFile:") } ?? ""
        return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    }
}
