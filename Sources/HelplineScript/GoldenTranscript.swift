import ChatModel
import Foundation

/// The golden transcript format (docs/scripting.md): one block per transcript item, compared line by
/// line; ids, times and delivery states are left out.
///
/// ```
/// * Helpline Bot joined the chat
/// Helpline Bot: Hi {{me}}! Welcome to the Helpline demo.
/// {{me}}: feedback
/// Helpline Bot: How was your experience with the Helpline demo?
///   [1] Great
///   [2] OK
///   ✓ Great
/// ```
///
/// A message is `Name: first line`, its further lines indented by two spaces (blank lines stay blank);
/// its cards, choices (`[N] title`) and the choice picked (`✓ title`) follow, indented. An event is
/// `* what happened`. Lines starting with `#` are comments.
public enum GoldenTranscript {
    /// The environment variable that makes `expect-transcript` steps write their golden files from the
    /// run instead of comparing (`HELPLINE_UPDATE_GOLDEN=1`).
    public static let updateVariable = "HELPLINE_UPDATE_GOLDEN"

    /// The first line of a written golden file.
    public static let header =
        "# helpline golden transcript (docs/scripting.md): one block per item, compared line by line; {{…}} are placeholders"

    /// The transcript's lines, literally (items of an earlier chat are left out).
    public static func lines(of items: [ChatItem]) -> [String] {
        items.filter { !$0.isHistory }.flatMap(block)
    }

    /// The text of a golden file for `items`: the header, then the lines with the customer's name
    /// (`me`), UUIDs, dates, times and ids as placeholders. Numbers are kept: change those that vary
    /// to `{{number}}`.
    public static func text(of items: [ChatItem], me: String?) -> String {
        let body = lines(of: items).map { generalise($0, me: me) }
        return ([header] + body).joined(separator: "\n") + "\n"
    }

    /// One item's lines.
    static func block(_ item: ChatItem) -> [String] {
        if case .event = item.kind { return ["* " + oneLine(item.text)] }
        var body: [String]
        if let file = item.attachment {
            body = ["[file] \(file.name)" + (file.isRejected ? " (rejected)" : "")]
        } else {
            body = (item.form?.markdown ?? item.text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var lines = ["\(item.sender.name): \(body.first ?? "")"]
        // Blank lines are never compared (an editor may add or drop them), so none are written.
        lines += body.dropFirst().filter { !$0.allSatisfy(\.isWhitespace) }.map { "  " + $0 }
        lines += (item.cards ?? []).map { "  " + oneLine($0.line) }
        if let choices = item.choices {
            let labels = item.choiceLabels.flatMap { $0.count == choices.count ? $0 : nil } ?? choices
            lines += labels.enumerated().map { "  [\($0.offset + 1)] " + oneLine($0.element) }
        }
        if let answer = item.answer { lines.append("  ✓ " + oneLine(answer)) }
        if item.delivery?.isUndelivered == true { lines.append("  (not delivered)") }
        return lines.map(GoldenPattern.trimmedEnd)
    }

    /// A line with its volatile parts written as placeholders, and literal `{{` escaped.
    static func generalise(_ line: String, me: String?) -> String {
        var out = ""
        for piece in VolatileText.pieces(of: line, me: me) {
            switch piece.kind {
            case .some(.number), nil: out += GoldenPattern.escapeLiteral(piece.text)
            case .some(let kind): out += "{{\(kind.rawValue)}}"
            }
        }
        return out
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}
