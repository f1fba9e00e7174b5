import ChatModel

/// A backend whose forms (``ChatForm``) are answered with a protocol-specific payload
/// (Amazon Connect: an `interactive.response` naming the view's action and its data).
public protocol FormReplying: Sendable {
    /// The reply for choosing `action` on `form`, carrying the fields filled in.
    func formReply(action: String, form: ChatForm) -> ChoiceReply
    /// The reply for text typed while `form` waits for an answer.
    func formTextReply(_ text: String, form: ChatForm) -> ChoiceReply
}
