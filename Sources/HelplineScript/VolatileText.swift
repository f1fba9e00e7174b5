import Foundation

/// The kinds of text that change from one chat to the next and are generalised in recordings and
/// golden transcripts.
public enum VolatileKind: String, Sendable, CaseIterable {
    /// The customer's own display name.
    case me
    /// A UUID (`3f2c…-…`).
    case uuid
    /// A date: `2025-06-13`, `13/06/2025`, `June 13`, `Fri, 13 Jun 2025`.
    case date
    /// A clock time: `16:00`, `9:05:30`, `9:05 PM`.
    case time
    /// A machine id: a hex string of 8 or more characters, or a token of 6 or more letters and digits
    /// that switches between them at least twice (`a3f9c2e1`, `ORD12AB9`).
    case id
    /// A number: `3`, `1042`, `4.9`, `1,250.00`.
    case number
}

/// A volatile part of a text: its kind and where it is.
public struct VolatileSpan: Sendable, Hashable {
    /// What it is.
    public var kind: VolatileKind
    /// Where it is in the text.
    public var range: Range<String.Index>
}

/// Finds the volatile parts of a message (``VolatileKind``), left to right, without overlaps.
public enum VolatileText {
    private static let months =
        "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec"
    private static let weekdays = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tues|Tue|Wed|Thurs|Thu|Fri|Sat|Sun"

    /// The patterns, most specific first: a part claimed by one is not looked at by the later ones.
    /// Digits are ASCII digits (`\d` would take other scripts' digits, which `[A-Za-z0-9]+` does not match).
    private static let finders: [(VolatileKind, NSRegularExpression)] = {
        let hex = "[0-9A-Fa-f]"
        let ordinal = "(?:st|nd|rd|th)?"
        let textDate = "(?<![A-Za-z])(?:(?:\(weekdays)),?\\s+)?"
            + "(?:[0-9]{1,2}\(ordinal)\\s+(?:\(months))\\.?|(?:\(months))\\.?\\s+[0-9]{1,2}\(ordinal)(?![0-9:]))"
            + "(?:,?\\s+[0-9]{4})?(?![A-Za-z0-9])"
        let table: [(VolatileKind, String)] = [
            (.uuid, "(?<![0-9A-Za-z])\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}(?![0-9A-Za-z])"),
            (.date, "(?<![0-9.,/-])[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?![0-9/-])"),
            (.date, "(?<![0-9.,/-])[0-9]{1,2}[/.][0-9]{1,2}[/.][0-9]{2,4}(?![0-9/]|\\.[0-9])"),
            (.date, textDate),
            (.time, "(?<![0-9:.])[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]+)?)?(?:\\s?[AaPp]\\.?[Mm]\\.?(?![A-Za-z]))?(?![0-9:])"),
            (.id, "(?<![0-9A-Za-z])(?=[0-9A-Fa-f]*[0-9])(?=[0-9A-Fa-f]*[A-Fa-f])\(hex){8,}(?![0-9A-Za-z])"),
            (.id, "(?<![0-9A-Za-z])(?=[A-Za-z0-9]{6,}(?![0-9A-Za-z]))(?:[A-Za-z]*[0-9]+[A-Za-z]+[0-9]|[0-9]*[A-Za-z]+[0-9]+[A-Za-z])[A-Za-z0-9]*"),
            (.number, "[0-9]+(?:[.,][0-9]+)*"),
        ]
        return table.compactMap { kind, pattern in
            // The patterns are constants; one that does not compile is left out rather than crash.
            (try? NSRegularExpression(pattern: pattern)).map { (kind, $0) }
        }
    }()

    /// The volatile parts of `text`, in order; `me` (the customer's name) counts as a whole word.
    public static func spans(in text: String, me: String? = nil) -> [VolatileSpan] {
        let whole = NSRange(text.startIndex..., in: text)
        var claimed: [NSRange] = []
        var found: [(VolatileKind, NSRange)] = []
        var finders = self.finders
        // A name is one line of printable text (a name with a line break is left as it is: `.+?` does not cross lines).
        if let me = me?.trimmingCharacters(in: .whitespaces), me.count >= 2,
           !me.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.isWhitespace && $0 != " " }),
           let name = try? NSRegularExpression(pattern: "(?<![\\w])" + NSRegularExpression.escapedPattern(for: me) + "(?![\\w])") {
            finders.insert((.me, name), at: 0)
        }
        for (kind, expression) in finders {
            for match in expression.matches(in: text, range: whole) where match.range.length > 0 {
                if claimed.contains(where: { NSIntersectionRange($0, match.range).length > 0 }) { continue }
                claimed.append(match.range)
                found.append((kind, match.range))
            }
        }
        return found.sorted { $0.1.location < $1.1.location }.compactMap { kind, range in
            Range(range, in: text).map { VolatileSpan(kind: kind, range: $0) }
        }
    }

    /// The text cut into literal and volatile pieces, in order (concatenated, the pieces give the text).
    ///
    /// Cut by Unicode scalars: a span may end inside a `Character` (a digit with a combining mark), and
    /// slicing a `String` there would round to a character boundary and lose or repeat text.
    public static func pieces(of text: String, me: String? = nil) -> [(kind: VolatileKind?, text: Substring)] {
        let scalars = text.unicodeScalars
        var pieces: [(kind: VolatileKind?, text: Substring)] = []
        var position = scalars.startIndex
        for span in spans(in: text, me: me) where position <= span.range.lowerBound {
            if position < span.range.lowerBound {
                pieces.append((nil, Substring(scalars[position..<span.range.lowerBound])))
            }
            pieces.append((span.kind, Substring(scalars[span.range])))
            position = span.range.upperBound
        }
        if position < scalars.endIndex { pieces.append((nil, Substring(scalars[position...]))) }
        return pieces
    }
}
