@testable import MarkdownANSI
import SimulatedServices

/// Generates random markdown documents together with the visible text they must show.
struct MarkdownGenerator {
    var random: SimRandom

    init(seed: UInt64) {
        random = SimRandom(seed: seed)
    }

    private static let asciiWords = [
        "order", "refund", "hello", "account", "password", "shipping", "the", "a", "is", "we",
        "Thanks", "please", "contact", "support", "invoice", "2024", "OK", "x",
    ]
    private static let cjk = ["世界", "您好", "订单已经发货", "ありがとうございます", "안녕하세요", "発送済み", "ｆｕｌｌ"]
    private static let emoji = ["👋", "👨‍👩‍👧", "❤️", "🇫🇷", "✅", "🎉🎉", "👍🏽", "1️⃣"]
    private static let combining = ["cafe\u{301}", "nai\u{308}ve", "e\u{301}e\u{301}", "Z\u{351}\u{36B}a\u{33F}"]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func pick(_ items: [String]) -> String { items[Int.random(in: 0..<items.count, using: &random)] }

    /// One word: ASCII, very long, CJK, emoji, combining marks or a mix.
    mutating func word() -> String {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55: return pick(Self.asciiWords)
        case 55..<62:
            let length = Int.random(in: 15...160, using: &random)
            return String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122, using: &random))) })
        case 62..<75: return pick(Self.cjk)
        case 75..<85: return pick(Self.emoji)
        case 85..<92: return pick(Self.combining)
        default: return pick(Self.asciiWords) + pick(Self.cjk) + pick(Self.emoji)
        }
    }

    /// A styled inline piece and its visible text.
    mutating func inline() -> (String, String) {
        let text = word()
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<50: return (text, text)
        case 50..<60: return ("**\(text)**", text)
        case 60..<68: return ("*\(text)*", text)
        case 68..<76: return ("`\(text)`", text)
        case 76..<82: return ("~~\(text)~~", text)
        case 82..<90: return ("[\(text)](https://example.com/\(Int.random(in: 0..<999, using: &random)))", text)
        case 90..<94: return ("https://example.com/p/\(text.count)", "https://example.com/p/\(text.count)")
        default: return ("<b>\(text)</b>", text)
        }
    }

    /// A paragraph of inline pieces (with soft and hard breaks).
    mutating func paragraph(maxWords: Int = 30) -> (String, String) {
        var markdown = ""
        var visible = ""
        for index in 0..<Int.random(in: 1...maxWords, using: &random) {
            let (piece, text) = inline()
            if index > 0 {
                markdown += chance(8) ? (chance(50) ? "\n" : "  \n") : " "
                visible += " "
            }
            markdown += piece
            visible += text
        }
        return (markdown, visible)
    }

    /// One block of any kind with its visible text.
    mutating func block() -> (String, String) {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35: return paragraph()
        case 35..<45:
            let (text, visible) = paragraph(maxWords: 8)
            let level = Int.random(in: 1...6, using: &random)
            return (String(repeating: "#", count: level) + " " + text.replacingNewlines, visible)
        case 45..<60: return list()
        case 60..<68:
            let (text, visible) = paragraph()
            let depth = Int.random(in: 1...3, using: &random)
            let prefix = String(repeating: "> ", count: depth)
            return (text.split(separator: "\n").map { prefix + $0 }.joined(separator: "\n"), visible)
        case 68..<78:
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                lines.append((0..<Int.random(in: 1...12, using: &random)).map { _ in word() }.joined(separator: " "))
            }
            return ("```\n" + lines.joined(separator: "\n") + "\n```", lines.joined(separator: " "))
        case 78..<92: return table()
        case 92..<96: return ("---", "")
        default:
            let (text, visible) = paragraph(maxWords: 6)
            return ("<p>" + text.replacingNewlines + "</p>", visible)
        }
    }

    mutating func list() -> (String, String) {
        var markdown: [String] = []
        var visible = ""
        let ordered = chance(40)
        for index in 0..<Int.random(in: 1...5, using: &random) {
            let (text, words) = paragraph(maxWords: 12)
            let depth = chance(25) ? 1 : 0
            let indent = String(repeating: "   ", count: depth)
            let marker = ordered ? "\(index + 1). " : (chance(30) ? (chance(50) ? "- [ ] " : "- [x] ") : "- ")
            markdown.append(indent + marker + text.replacingNewlines)
            visible += " " + words
        }
        return (markdown.joined(separator: "\n"), visible)
    }

    mutating func table() -> (String, String) {
        let columns = Int.random(in: 1...7, using: &random)
        var visible = ""
        func row(_ generator: inout MarkdownGenerator) -> String {
            var cells: [String] = []
            for _ in 0..<columns {
                let (text, words) = generator.paragraph(maxWords: 5)
                cells.append(text.replacingNewlines)
                visible += " " + words
            }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        var lines = [row(&self)]
        let aligns = [":---", "---:", ":---:", "---"]
        lines.append("|" + (0..<columns).map { _ in pick(aligns) }.joined(separator: "|") + "|")
        for _ in 0..<Int.random(in: 0...4, using: &random) { lines.append(row(&self)) }
        return (lines.joined(separator: "\n"), visible)
    }

    /// A whole document of blocks separated by blank lines.
    mutating func document() -> (String, String) {
        var markdown: [String] = []
        var visible = ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let (text, words) = block()
            markdown.append(text)
            visible += " " + words
        }
        return (markdown.joined(separator: "\n\n"), visible)
    }
}

extension String {
    /// The string with newlines replaced by spaces.
    var replacingNewlines: String { String(map { $0 == "\n" ? " " : $0 }) }
}
