import Testing
@testable import MarkdownANSI
import SimulatedServices

/// The byte-level cluster shortcut the wrapper takes must agree with Swift's grapheme segmentation.
@Suite("Grapheme clusters told from bytes")
struct SimpleClustersTests {
    /// Checks every cluster start of `text`: where the shortcut answers, it gives the cluster's length, width and scalar.
    private func check(_ text: String) -> Int {
        var answered = 0
        var copy = text
        copy.withUTF8 { bytes in
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                let offset = text.utf8.distance(from: text.utf8.startIndex, to: index)
                if let cluster = SimpleClusters.cluster(bytes, at: offset) {
                    answered += 1
                    #expect(cluster.length == character.utf8.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(offset)")
                    #expect(cluster.width == TerminalWidth.of(character), "width of \(character)")
                    #expect(cluster.scalar == character.unicodeScalars.first?.value)
                }
                index = text.index(after: index)
            }
        }
        return answered
    }

    @Test func everyStandaloneScalarIsItsOwnCluster() {
        var answered = 0
        for value in UInt32(0xA0)...0x1FAFF where SimpleClusters.isStandalone(value) && value % 5 == 0 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "b" + String(scalar) + String(scalar)
            answered += check(text)
        }
        #expect(answered > 25_000)
    }

    @Test func mixedTextWithMarksJoinersAndFlags() {
        let pool = [
            "a", "Z", " ", "9", "é", "—", "→", "世", "한", "ｱ", "👋", "😊", "❤", "\u{301}", "\u{FE0F}", "\u{200D}",
            "\u{1F3FD}", "\u{1F1EB}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{11A8}", "\r\n", "\u{302A}", "\u{FF9E}",
            "\u{600}", "\u{AD}", "\u{200B}", "\u{20DD}", "\u{E0061}",
        ]
        var random = SimRandom(seed: 99)
        var answered = 0
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &random) { text += pool[Int.random(in: 0..<pool.count, using: &random)] }
            answered += check(text)
        }
        #expect(answered > 2000)
    }
}
