import Foundation

/// One step of a recorded chat, before it is written as script lines.
public enum RecordedStep: Sendable, Hashable {
    /// The customer sent this text.
    case send(String)
    /// A reply from an agent or bot (its speaker, its text as shown, and how long after the step
    /// before it it came).
    case expect(speaker: String, text: String, after: Duration)
    /// The customer picked option `number` (its title).
    case pick(number: Int, title: String)
    /// The customer filled in a form field.
    case set(field: String, value: String)
    /// The customer ended the chat.
    case end
    /// The other side ended the chat, this long after the step before.
    case ended(after: Duration)
    /// Something worth a line of explanation that is not a step.
    case note(String)

    /// The default time an `expect` waits; a reply slower than half of it gets its own `within`.
    static let patience: Duration = ScriptParser.defaultWithin

    /// The script lines for this step (comments included); `me` is the customer's name, generalised
    /// in patterns.
    public func lines(me: String?) -> [String] {
        switch self {
        case .send(let text):
            let flat = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            var lines: [String] = []
            if flat != text { lines.append("# (a message of several lines, sent here as one)") }
            // The parser strips one pair of surrounding quotes: a message in quotes keeps its own.
            let quoted = flat.count >= 2 && flat.hasPrefix("\"") && flat.hasSuffix("\"")
            lines.append("send " + (quoted ? "\"\(flat)\"" : flat))
            return lines
        case .expect(let speaker, let text, let after):
            return Self.comment(speaker: speaker, text: text) + ["expect " + ReplyPattern.make(from: text, me: me) + Self.within(after)]
        case .pick(let number, let title):
            return (title.isEmpty ? [] : ["# picks \"\(Self.oneLine(title))\""]) + ["pick \(number)"]
        case .set(let field, let value):
            guard !field.contains(where: \.isWhitespace) else {
                return ["# set \(Self.oneLine(field)) to \(Self.oneLine(value)) (a field name with spaces cannot be a set step)"]
            }
            let quoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
            return ["set \(field) " + (quoted ? "\"\(value)\"" : Self.oneLine(value))]
        case .end:
            return ["end"]
        case .ended(let after):
            return ["expect-event ended" + Self.within(after)]
        case .note(let text):
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "#" : "# " + ScriptParser.printable($0) }
        }
    }

    /// A ` within Ns` for a reply that took longer than half the default wait: twice what it took,
    /// rounded up, plus two seconds (at most 600 s).
    static func within(_ after: Duration) -> String {
        guard after * 2 > patience else { return "" }
        let limit = after * 2 + .seconds(2)
        let seconds = limit.components.seconds + (limit.components.attoseconds > 0 ? 1 : 0)
        return " within \(min(600, seconds))s"
    }

    /// The original reply as comment lines: `# Speaker: first line`, then `#   next line`.
    static func comment(speaker: String, text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { ScriptParser.printable($0) }
        var out = ["# \(ScriptParser.printable(speaker)): \(lines.first ?? "")"]
        for line in lines.dropFirst() { out.append(line.isEmpty ? "#" : "#   \(line)") }
        return out
    }

    private static func oneLine(_ text: String) -> String {
        ScriptParser.printable(text.replacingOccurrences(of: "\n", with: " "))
    }
}
