/// Markdown (+ the agent HTML subset) reduced to plain lines that a screen reader reads well.
///
/// No styling and no drawing: emphasis is dropped, a link is its text and its address in
/// parentheses, a list item keeps its number (or a bullet), a quote and a heading are their text, a
/// code block its lines, a rule nothing, and a table one line per row naming each cell's column
/// ("Day: Monday; Hours: 9–17") instead of box-drawing characters read out one by one. Blank lines
/// are left out (a screen reader says "blank" for each).
extension Markdown {
    /// The lines of `text` as a screen reader should hear them.
    public static func spokenLines(_ text: String) -> [String] {
        var lines: [String] = []
        for block in document(text, theme: .monochrome) {
            let prefix = spokenPrefix(block.firstPrefix)
            switch block.content {
            case .text(let spans, _):
                let joined = spans.map(\.text).joined()
                for (index, part) in joined.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
                    let line = Sanitizer.flattenWhitespace(String(part)).trimmingSpaces
                    if !line.isEmpty { lines.append((index == 0 ? prefix : "") + line) }
                }
                if joined.trimmingSpaces.isEmpty, !prefix.trimmingSpaces.isEmpty { lines.append(prefix.trimmingSpaces) }
            case .code(let code):
                lines += code.map(\.trimmingSpaces).filter { !$0.isEmpty }
            case .table(let table):
                lines += spokenRows(table)
            case .rule, .blank:
                break
            }
        }
        return lines
    }

    /// A block's prefix without drawing: list numbers and bullets stay, quote bars and indents go,
    /// task boxes become words.
    private static func spokenPrefix(_ spans: [StyledSpan]) -> String {
        var text = spans.map(\.text).joined()
        text = text.replacing("│", with: "").replacing("☐", with: "to do:").replacing("☑", with: "done:")
        for bullet in ["◦", "▪"] { text = text.replacing(bullet, with: "•") }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        return words.isEmpty ? "" : words.joined(separator: " ") + " "
    }

    /// One line per row of a table: each cell after its column's heading, when there is one.
    private static func spokenRows(_ table: DocTable) -> [String] {
        let headings = table.header.map { Sanitizer.flattenWhitespace($0.map(\.text).joined()).trimmingSpaces }
        return table.rows.compactMap { row in
            let cells = row.enumerated().compactMap { column, spans -> String? in
                let cell = Sanitizer.flattenWhitespace(spans.map(\.text).joined()).trimmingSpaces
                guard !cell.isEmpty else { return nil }
                let heading = column < headings.count ? headings[column] : ""
                return heading.isEmpty ? cell : heading + ": " + cell
            }
            return cells.isEmpty ? nil : cells.joined(separator: "; ")
        }
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
