import Foundation

/// A flow's message processing: the rules the contact center checks each customer message against
/// before anyone sees it (Amazon Connect's message processing, spec §2.2 `MessageProcessingStatus`).
///
/// In a flow file, `"messageRules": [{"match": "card", "action": "redact"}, {"pattern": "…", "action": "reject"}]`:
/// `match` names a built-in pattern (`card`: a card number of 13–19 digits, spaces or dashes between
/// them; `email`: an e-mail address), `pattern` is a regular expression of one's own. `redact`
/// replaces what matched with `placeholder` (default `[PII]`); `reject` blocks the message; `fail`
/// fails its check the first time that text is sent in a chat (so a retry passes).
struct MessageRules: Sendable, Equatable {
    /// What a rule does with a message it matches.
    enum Action: String, Sendable, Decodable, Equatable {
        case redact, reject, fail
    }

    /// One rule.
    struct Rule: Sendable, Decodable, Equatable {
        var pattern: String
        var action: Action
        var placeholder: String

        enum CodingKeys: String, CodingKey { case match, pattern, action, placeholder }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            action = try container.decode(Action.self, forKey: .action)
            placeholder = try container.decodeIfPresent(String.self, forKey: .placeholder) ?? "[PII]"
            if let name = try container.decodeIfPresent(String.self, forKey: .match) {
                guard let builtIn = MessageRules.builtIn[name] else {
                    throw FlowError.invalid("message rule match '\(name)' is not one of \(MessageRules.builtIn.keys.sorted())")
                }
                pattern = builtIn
            } else {
                pattern = try container.decode(String.self, forKey: .pattern)
            }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw FlowError.invalid("message rule pattern '\(pattern)' is not a regular expression")
            }
        }

        /// The rule's expression (checked when the flow was read).
        var expression: NSRegularExpression? { try? NSRegularExpression(pattern: pattern) }
    }

    /// What the check says of one message.
    enum Verdict: Equatable, Sendable {
        /// Passed as it is.
        case pass
        /// Passed with what matched replaced (the text delivered).
        case redacted(String)
        /// Blocked.
        case rejected
        /// The check failed.
        case failed
    }

    /// The built-in patterns `match` names.
    static let builtIn: [String: String] = [
        "card": #"(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])"#,
        "email": #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"#,
    ]

    /// The rules, in the file's order.
    var rules: [Rule] = []

    /// The check of `text`; `failedBefore` says whether this text already failed its check in this chat.
    func verdict(for text: String, failedBefore: Bool) -> Verdict {
        let whole = NSRange(text.startIndex..., in: text)
        func matches(_ rule: Rule) -> Bool { rule.expression?.firstMatch(in: text, range: whole) != nil }
        if rules.contains(where: { $0.action == .reject && matches($0) }) { return .rejected }
        if !failedBefore, rules.contains(where: { $0.action == .fail && matches($0) }) { return .failed }
        var delivered = text
        for rule in rules where rule.action == .redact {
            guard let expression = rule.expression else { continue }
            delivered = expression.stringByReplacingMatches(
                in: delivered, range: NSRange(delivered.startIndex..., in: delivered),
                withTemplate: NSRegularExpression.escapedTemplate(for: rule.placeholder))
        }
        return delivered == text ? .pass : .redacted(delivered)
    }
}

extension MessageRules: Decodable {
    /// Reads the list of rules.
    init(from decoder: any Decoder) throws {
        rules = try decoder.singleValueContainer().decode([Rule].self)
    }
}
