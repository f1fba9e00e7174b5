import ChatModel
import Foundation

extension ChatSession {
    /// Answers the newest open picker (quick reply, list picker, suggestions, form) with choice `index`.
    ///
    /// A plain choice's text is sent as an ordinary message — what the official clients send for a
    /// tap; a choice with its own ``ChoiceReply`` (a carousel option, "show more") sends that; a form's
    /// action sends the backend's form reply with the fields filled in. The picker is then marked
    /// answered so it cannot be picked again.
    ///
    /// Returns what went wrong (also published as a notice), or nil when the answer was queued.
    @discardableResult
    public func pick(_ index: Int) async -> String? {
        guard let item = openPicker, let choices = item.choices else {
            return refuse("There is nothing to pick from.")
        }
        guard (1...choices.count).contains(index) else {
            return refuse("Pick a number from 1 to \(choices.count).")
        }
        let choice = choices[index - 1]
        let reply: ChoiceReply
        if let form = item.form, let replying = backend as? any FormReplying {
            reply = replying.formReply(action: choice, form: form)
        } else if let replies = item.choiceReplies, replies.indices.contains(index - 1) {
            reply = replies[index - 1]
        } else {
            reply = .plain(choice)
        }
        markAnswered(item, with: choice)
        _ = enqueue(reply)
        return nil
    }

    /// Publishes `problem` as a notice and returns it.
    private func refuse(_ problem: String) -> String {
        hub.publish(.notice(problem))
        return problem
    }

    /// The newest picker someone else offered that is still open.
    private var openPicker: ChatItem? { store.items.last(where: { $0.isOpenForPicking && !$0.isOwn }) }

    /// The choices ``pick(_:)`` would pick from now (the newest open picker's), or nil when there is none.
    public var openChoices: [String]? { openPicker?.choices }

    /// True while the newest open form is still being loaded (a Connect view waiting for DescribeView).
    public var isLoadingForm: Bool {
        store.items.last(where: { $0.isOpenForm })?.form?.isLoaded == false
    }

    /// Fills in field `name` of the newest open form; the form is shown again with the new value.
    /// Returns what went wrong (also published as a notice), or nil when the field was set.
    @discardableResult
    public func setField(_ name: String, value: String) -> String? {
        guard let item = store.items.last(where: { $0.isOpenForm }), var form = item.form else {
            return refuse("There is no open form to fill in.")
        }
        guard form.isLoaded else {
            return refuse("The form is still loading; try again in a moment.")
        }
        guard let field = form.field(named: name) else {
            let names = form.fields.map(\.name)
            return refuse(names.isEmpty ? "This form has no fields to fill in; pick an action with /pick N."
                : "The form has no field \(name); its fields are \(names.joined(separator: ", ")).")
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let problem = Self.problem(with: trimmed, for: field) {
            return refuse(problem)
        }
        _ = form.set(field.name, to: trimmed)
        if let updated = store.updateForm(id: item.id, form) { hub.publish(.itemUpdated(updated)) }
        return nil
    }

    /// The form reply for text typed while a form waits for an answer (which answers it), if one does:
    /// the newest open form of this chat (not one restored from a past contact), when nobody else has written since.
    func formTextReply(_ text: String) -> ChoiceReply? {
        guard let index = store.items.lastIndex(where: { $0.isOpenForm && !$0.isHistory }), let form = store.items[index].form,
            let replying = backend as? any FormReplying,
            !store.items[(index + 1)...].contains(where: { !$0.isOwn && $0.kind == .message })
        else { return nil }
        let item = store.items[index]
        markAnswered(item, with: text)
        return replying.formTextReply(text, form: form)
    }

    private func markAnswered(_ item: ChatItem, with choice: String) {
        if let answered = store.answer(id: item.id, with: choice) { hub.publish(.itemUpdated(answered)) }
    }

    /// Why `value` does not fit `field`'s type, if it does not.
    static func problem(with value: String, for field: FormField) -> String? {
        guard !value.isEmpty else { return nil }
        switch field.type {
        case "number" where Double(value) == nil: return "\(field.name) takes a number."
        case "integer" where Int(value) == nil: return "\(field.name) takes a whole number."
        case "boolean" where !["true", "false"].contains(value.lowercased()): return "\(field.name) takes true or false."
        default: return nil
        }
    }
}
