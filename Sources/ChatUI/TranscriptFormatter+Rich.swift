import ChatModel
import Foundation
import MarkdownANSI

/// Attachments and pickers: the numbered attachment line and the keyboard highlight of a picker option.
extension TranscriptFormatter {
    /// The body of an attachment item: `📎 #N name (type, size)` and what can be done with it.
    func attachmentLines(_ attachment: Attachment, entry: TranscriptEntry, width: Int) -> [StyledLine] {
        let number = entry.attachmentNumber.map { "#\($0) " } ?? ""
        var details = [TerminalSafeText.oneLine(attachment.contentType)]
        if let size = attachment.size { details.append(FileTransfer.size(size)) }
        var lines = Markdown.wrapPlain(
            "📎 \(number)\(attachment.displayName) (\(details.joined(separator: ", ")))", width: width)
        let note: (String, TextStyle)?
        switch attachment.status {
        case "REJECTED": note = ("✗ rejected by the contact center's scan; it cannot be downloaded", palette.deliveryFailed)
        case "IN_PROGRESS": note = ("being scanned…", palette.deliveryPending)
        default:
            if entry.item.delivery == .pending {
                note = ("uploading…", palette.deliveryPending)
            } else if entry.item.delivery == .failed {
                note = nil
            } else if let n = entry.attachmentNumber {
                note = ("/download \(n) saves it, /open #\(n) opens it", palette.time)
            } else {
                note = nil
            }
        }
        if let (text, style) = note { lines += Markdown.wrapPlain(text, width: width, style: style) }
        return lines
    }

    /// Marks the highlighted option of a keyboard-focused picker in reverse video with a `›` in front.
    static func highlight(choice: Int, in lines: [StyledLine], indent: Int) -> [StyledLine] {
        guard let row = optionRow(choice, in: lines) else { return lines }
        var out = lines
        var spans = out[row].spans.map { span in
            var style = span.style
            style.inverse = true
            return StyledSpan(span.text, style: style)
        }
        if indent > 0, let first = spans.first, first.text.allSatisfy({ $0 == " " }) {
            spans[0] = StyledSpan(String(repeating: " ", count: max(0, first.text.count - 2)) + "› ")
        }
        out[row] = StyledLine(spans)
        return out
    }

    /// The line that starts option `choice` (`N. …` after the indent), if any.
    static func optionRow(_ choice: Int, in lines: [StyledLine]) -> Int? {
        lines.firstIndex { optionNumber(of: $0) == choice }
    }

    /// The option number a line starts with (`  2. OK` → 2), if it starts one.
    static func optionNumber(of line: StyledLine) -> Int? {
        let text = line.plainText.drop { $0 == " " || $0 == "›" }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return Int(digits)
    }
}
