import SessionCore
import Testing

/// Messages longer than a service takes go out as numbered parts that each fit and together hold
/// every word (Connect counts characters, PolyAI bytes).
@Suite struct MessageSplitterTests {
    static func words(_ count: Int) -> String {
        (1...count).map { $0 % 7 == 0 ? "naïve-€\($0)\n\n" : "word\($0)" }.joined(separator: " ")
    }

    @Test("every part fits, is numbered, and the parts hold the whole text", arguments: [
        MessageLimit(maximum: 1024, unit: .characters), MessageLimit(maximum: 200, unit: .bytes), MessageLimit(maximum: 64, unit: .bytes),
    ])
    func partsFitAndKeepEverything(_ limit: MessageLimit) {
        let text = Self.words(900)
        let parts = MessageSplitter.split(text, limit: limit)
        #expect(parts.count > 1)
        for (index, part) in parts.enumerated() {
            #expect(limit.length(of: part) <= limit.maximum, "part \(index + 1) is \(limit.length(of: part)) long")
            #expect(part.hasPrefix("(\(index + 1)/\(parts.count)) "))
        }
        let rejoined = parts.map { String($0.drop { $0 != " " }.dropFirst()) }.joined(separator: " ")
        let squash = { (s: String) in s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        #expect(squash(rejoined) == squash(text), "no word is lost or cut")
    }

    @Test("a single word longer than the limit is cut, bytes never splitting a character")
    func longWord() {
        let limit = MessageLimit(maximum: 40, unit: .bytes)
        let word = String(repeating: "€", count: 50)  // 150 bytes
        let parts = MessageSplitter.split(word, limit: limit)
        #expect(parts.allSatisfy { limit.length(of: $0) <= 40 })
        #expect(parts.map { String($0.drop { $0 != " " }.dropFirst()) }.joined() == word)
    }
}
