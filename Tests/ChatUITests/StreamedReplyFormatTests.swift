import ChatModel
import Foundation
import MarkdownANSI
import Testing
@testable import ChatUI

/// A reply that streams in is rendered from what the formatter kept of it plus the new part: the
/// result at every chunk is the rendering of the whole text so far, whatever a chunk splits.
@Suite("Transcript formatter: a streamed reply")
struct StreamedReplyFormatTests {
    private static func entry(_ text: String) -> TranscriptEntry {
        let item = ChatItem(
            id: "s1", time: Fixture.t0, sender: Fixture.ava, kind: .message, contentType: "text/markdown", text: text,
            isStreaming: true)
        return TranscriptEntry(key: "s1", item: item, isNotice: false, revision: 0)
    }

    @Test("chunk by chunk (a combining mark, an emoji's modifier and a flag split across chunks; a list; a reply that is rewritten), each step renders as the whole text from scratch")
    func incrementalMatchesWhole() {
        let chunks = [
            "Your order **#12", "34** is on its way: caf", "e\u{301} au lait, 👍", "\u{1F3FD} and 🇫", "🇷.\n\n",
            "- one\n- two", " more\n\nA last para", "graph with `code", "` in it.",
        ]
        let streaming = TranscriptFormatter(palette: .standard, theme: .default, timeZone: TimeZone(identifier: "UTC") ?? .current)
        var text = ""
        for chunk in chunks {
            text += chunk
            let fresh = TranscriptFormatter(palette: .standard, theme: .default, timeZone: TimeZone(identifier: "UTC") ?? .current)
            let entry = Self.entry(text)
            #expect(streaming.lines(for: entry, width: 40) == fresh.lines(for: entry, width: 40), "after \(text.debugDescription)")
        }
        // A reply rewritten rather than extended starts again.
        let rewritten = Self.entry("Sorry, let me start again.")
        let fresh = TranscriptFormatter(palette: .standard, theme: .default, timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(streaming.lines(for: rewritten, width: 40) == fresh.lines(for: rewritten, width: 40))
    }

    @Test("a long reply word by word, its blocks finishing one after another, the width changing now and then: every frame's lines are the whole text's")
    func finishedBlocksKeptAcrossFrames() {
        var source = ""
        for n in 0..<12 {
            let words = (0..<(8 + n * 3)).map { "word\($0 % 7)" }.joined(separator: " ")
            switch n % 4 {
            case 1: source += "- item \(n) \(words)\n- second **bold** item\n\n"
            case 2: source += "```\ncode line \(n)\n```\n\n"
            case 3: source += "## Heading \(n)\n\n"
            default: source += "Paragraph \(n): \(words) with `code` and *stress*.\n\n"
            }
        }
        let pieces = source.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let streaming = TranscriptFormatter(palette: .standard, theme: .default, timeZone: TimeZone(identifier: "UTC") ?? .current)
        let widths = [40, 40, 40, 64, 40, 40, 28]
        var text = ""
        for (index, piece) in pieces.enumerated() {
            text += (index == 0 ? "" : " ") + piece
            let width = widths[index % widths.count]
            let fresh = TranscriptFormatter(palette: .standard, theme: .default, timeZone: TimeZone(identifier: "UTC") ?? .current)
            let entry = Self.entry(text)
            let lines = streaming.lines(for: entry, width: width)
            let expected = fresh.lines(for: entry, width: width)
            #expect(lines == expected, "after \(index) pieces at width \(width)")
            if lines != expected { return }
        }
        #expect(pieces.count > 150)
    }
}
