import ChatModel
import Foundation

/// Pickers (quick replies, list pickers, suggestions, carousels) and forms (Connect views).
extension SessionCore {
    /// Answers the newest open picker with choice `index` (1-based): a plain choice's text goes as a
    /// message, a choice with its own reply sends that, a form's action sends the protocol's form reply.
    mutating func pick(_ index: Int) {
        guard let item = openPicker, let choices = item.choices else {
            notice("There is nothing to pick from.")
            return
        }
        guard (1...choices.count).contains(index) else {
            notice("Pick a number from 1 to \(choices.count).")
            return
        }
        let choice = choices[index - 1]
        let reply: ChoiceReply
        if let form = item.form, let formReply = wire.formReply(action: choice, form: form) {
            reply = formReply
        } else if let replies = item.choiceReplies, replies.indices.contains(index - 1) {
            reply = replies[index - 1]
        } else {
            reply = .plain(choice)
        }
        transcript.modify(id: item.id) { $0.answer = choice }
        enqueue(reply, answers: OfferAnswer(offerId: item.id, choice: choice))
    }

    /// The newest picker someone else offered that is still open.
    public var openPicker: ChatItem? {
        // Only the newest offer counts: once it is answered, older unanswered ones are not offered again.
        guard let newest = transcript.items.last(where: { !$0.isOwn && !($0.choices ?? []).isEmpty }) else { return nil }
        return newest.isOpenForPicking ? newest : nil
    }

    /// Fills in field `name` of the newest open form.
    mutating func setField(_ name: String, value: String) {
        guard let item = transcript.items.last(where: { $0.isOpenForm }), var form = item.form else {
            notice("There is no open form to fill in.")
            return
        }
        guard form.isLoaded else {
            notice("The form is still loading; try again in a moment.")
            return
        }
        guard let field = form.field(named: name) else {
            let names = form.fields.map(\.name)
            notice(names.isEmpty ? "This form has no fields to fill in; pick an action with /pick N."
                : "The form has no field \(name); its fields are \(names.joined(separator: ", ")).")
            return
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let problem = Self.problem(with: trimmed, for: field) {
            notice(problem)
            return
        }
        _ = form.set(field.name, to: trimmed)
        transcript.modify(id: item.id) { $0.show(form: form, actions: $0.choices ?? []) }
    }

    /// The reply for text typed while a form waits for an answer (it answers the form), and that answer:
    /// the newest open form of this chat, when nobody else has written since.
    mutating func formTextReply(_ text: String) -> (ChoiceReply, OfferAnswer)? {
        let items = transcript.items
        guard let index = items.lastIndex(where: { $0.isOpenForm && !$0.isHistory }), let form = items[index].form,
            let reply = wire.formTextReply(text, form: form),
            !items[(index + 1)...].contains(where: { !$0.isOwn && $0.kind == .message })
        else { return nil }
        transcript.modify(id: items[index].id) { $0.answer = text }
        // Saved with the queued answer, so a restart before it is sent does not offer the form again.
        return (reply, OfferAnswer(offerId: items[index].id, choice: text))
    }

    /// A view message's form arrived (or could not be fetched).
    mutating func viewLoaded(_ itemId: String, _ result: Result<WireResult, BackendError>) {
        let form: ChatForm
        let actions: [String]
        switch result {
        case .success(.view(_, let loaded, let loadedActions)):
            (form, actions) = (loaded, loadedActions)
        case .success:
            return
        case .failure(let error):
            (form, actions) = (ChatForm(intro: "**A form from the contact center** _(it could not be loaded: \(error))_"), [])
        }
        transcript.modify(id: itemId) { $0.show(form: form, actions: actions) }
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
