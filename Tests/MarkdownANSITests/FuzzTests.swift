import Foundation
import Testing
@testable import MarkdownANSI
import SimulatedServices

@Suite("Fuzzing")
struct FuzzTests {
    static let alphabet: [UInt8] = Array("*_`~[]()<>!#|-+>\\\n \t:&;/\"'=abc1.".utf8)

    @Test func randomBytesNeverCrashOrOverflow() {
        var random = SimRandom(seed: 2026)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...600, using: &random)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            let biased = Bool.random(using: &random)
            for _ in 0..<length {
                if biased && Int.random(in: 0..<10, using: &random) < 8 {
                    bytes.append(Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &random)])
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let width = Int.random(in: 10...100, using: &random)
            let lines = Markdown.render(text, width: width)
            #expect(Support.fits(lines, width: width))
            let output = ANSIWriter.string(lines, mode: .truecolor, hyperlinks: true)
            #expect(!output.unicodeScalars.contains { $0.value == 0x07 || ($0.value >= 0x80 && $0.value < 0xA0) })
            _ = Markdown.render(text, width: Int.random(in: -2...9, using: &random))
        }
    }

    @Test func streamingRandomChunksNeverCrash() {
        var random = SimRandom(seed: 77)
        for _ in 0..<300 {
            var stream = StreamingMarkdown()
            for _ in 0..<Int.random(in: 1...20, using: &random) {
                let length = Int.random(in: 0...40, using: &random)
                let bytes = (0..<length).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &random)] }
                stream.append(String(decoding: bytes, as: UTF8.self))
                let width = Int.random(in: 10...80, using: &random)
                #expect(Support.fits(stream.lines(width: width, theme: .default), width: width))
            }
        }
    }
}

@Suite("Pathological nesting")
struct NestingTests {
    /// Renders on a thread with a 512 KB stack (the macOS secondary-thread default) in a debug build.
    func renderOnSmallStack(_ text: String, width: Int) -> [StyledLine] {
        final class Box: @unchecked Sendable { var lines: [StyledLine] = [] }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.lines = Markdown.render(text, width: width)
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        return box.lines
    }

    @Test func deepQuotesListsAndEmphasis() {
        let samples = [
            String(repeating: "> ", count: 5000) + "deep quote",
            String(repeating: "- ", count: 3000) + "deep list",
            (0..<2000).map { String(repeating: " ", count: $0 * 2) + "- level \($0)" }.joined(separator: "\n"),
            String(repeating: "*a **b ", count: 3000) + String(repeating: "b** a*", count: 3000),
            String(repeating: "[", count: 5000) + "x" + String(repeating: "](u)", count: 5000),
            String(repeating: "<b><i>", count: 3000) + "deep html",
        ]
        for sample in samples {
            let lines = renderOnSmallStack(sample, width: 40)
            #expect(Support.fits(lines, width: 40))
            #expect(!lines.isEmpty)
        }
    }
}
