import Foundation
import Testing
@testable import MarkdownANSI

/// One example of the CommonMark spec (markdown and reference HTML).
struct SpecExample: Decodable, Sendable {
    let example: Int
    let section: String
    let markdown: String
    let html: String
}

@Suite("CommonMark spec examples")
struct SpecTests {
    /// Share of spec examples whose reference visible text survives, measured 2026-11-21 (see docs/markdown.md).
    static let visibleTextFloor = 0.99

    static func examples() throws -> [SpecExample] {
        struct File: Decodable { let examples: [SpecExample] }
        let url = Support.testDirectory.appendingPathComponent("Fixtures/commonmark-spec-0.31.2-examples.json")
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).examples
    }

    @Test func everyExampleRendersWithinWidth() throws {
        let examples = try Self.examples()
        #expect(examples.count == 655)
        for example in examples {
            for width in [80, 20] {
                let lines = Markdown.render(example.markdown, width: width)
                #expect(Support.fits(lines, width: width), "example \(example.example) at width \(width)")
            }
        }
    }

    @Test func visibleTextIsKept() throws {
        let examples = try Self.examples()
        var kept = 0
        var failures: [String] = []
        for example in examples {
            let expected = Support.visibleText(ofHTML: example.html)
            let actual = Support.plain(Markdown.render(example.markdown, width: 80))
            let narrow = Support.plain(Markdown.render(example.markdown, width: 20))
            if Support.keepsVisibleText(expected, in: actual) && Support.keepsVisibleText(expected, in: narrow) {
                kept += 1
            } else {
                failures.append("#\(example.example) (\(example.section))")
            }
        }
        let share = Double(kept) / Double(examples.count)
        print("CommonMark visible-text share: \(kept)/\(examples.count) = \(share); misses: \(failures.joined(separator: ", "))")
        #expect(share >= Self.visibleTextFloor, "share \(share), misses: \(failures)")
    }
}
