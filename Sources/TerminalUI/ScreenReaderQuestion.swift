import ChatModel
import Foundation

/// The newest open picker, carousel or form as the accessible mode numbers it: a form's fields
/// first, then the options (a form's actions), one numbered line each, answered by typing the number.
struct ScreenReaderQuestion: Equatable, Sendable {
    /// What a typed number means.
    enum Answer: Equatable, Sendable {
        /// Pick option N (1-based, as `/pick N`).
        case pick(Int)
        /// Ask for the value of this form field next.
        case fill(FormField)
    }

    /// The item that asks.
    let itemID: String
    /// The options, as shown (a choice's label when it says more than the choice).
    let options: [String]
    /// A form's fields (empty for a picker).
    let fields: [FormField]

    /// The question an item asks, if it is open (choices not answered yet, or a form to fill in).
    init?(_ item: ChatItem) {
        guard !item.isOwn, item.answer == nil else { return nil }
        let choices = item.choices ?? []
        let labels = item.choiceLabels.flatMap { $0.count == choices.count ? $0 : nil } ?? choices
        let fields = item.form?.isLoaded == true ? item.form?.fields ?? [] : []
        guard !labels.isEmpty || !fields.isEmpty else { return nil }
        itemID = item.id
        options = labels.map { TerminalSafeText.oneLine($0) }
        self.fields = fields
    }

    /// How many numbers answer it.
    var count: Int { fields.count + options.count }

    /// The numbered list, with a line saying how to answer.
    var listing: [String] {
        var lines: [String] = []
        if !fields.isEmpty {
            lines.append("Fields:")
            for (index, field) in fields.enumerated() { lines.append("\(index + 1). \(Self.describe(field))") }
            if !options.isEmpty { lines.append("Actions:") }
        }
        for (index, option) in options.enumerated() { lines.append("\(fields.count + index + 1). \(option)") }
        lines.append(hint)
        return lines
    }

    /// How to answer, in one line.
    var hint: String {
        if fields.isEmpty { return "Type a number from 1 to \(count) to answer, or type a message." }
        let actions = options.isEmpty ? "" : ", or an action's number to send the form"
        return "Type a field's number to fill it in\(actions); a typed message also answers the form."
    }

    /// The prompt while it is open.
    var prompt: String { "Answer 1 to \(count), or type a message: " }

    /// A field with its value: `Street: empty`.
    static func describe(_ field: FormField) -> String {
        let value = field.value.isEmpty ? "empty" : TerminalSafeText.oneLine(field.value)
        return "\(TerminalSafeText.oneLine(field.name)): \(value)"
    }

    /// What a typed line answers: a number in range; nil for anything else (sent as a message).
    func answer(_ line: String) -> Answer? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 4, trimmed.allSatisfy(\.isASCII), let number = Int(trimmed), number >= 1, number <= count else {
            return nil
        }
        if number <= fields.count { return .fill(fields[number - 1]) }
        return .pick(number - fields.count)
    }

    /// The fields whose value differs from `old`'s, as lines (`Street is now 12 Pine St`).
    func changes(since old: ScreenReaderQuestion) -> [String] {
        fields.compactMap { field in
            guard let before = old.fields.first(where: { $0.name == field.name }), before.value != field.value else { return nil }
            let value = field.value.isEmpty ? "empty" : TerminalSafeText.oneLine(field.value)
            return "\(TerminalSafeText.oneLine(field.name)) is now \(value)"
        }
    }
}
