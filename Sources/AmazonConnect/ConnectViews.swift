import ChatModel
import Foundation
import SessionCore

/// ViewResource messages (spec §3.6): shown as "loading" at once, then completed with DescribeView
/// into a ``ChatForm`` whose actions are the item's choices, answered with an `interactive.response`.
extension ConnectWire {
    /// What a view message shows until DescribeView answers.
    static let viewPlaceholder = "**A form from the contact center** _(loading…)_"

    /// Replaces the raw JSON of view messages with the rendered view, or a placeholder until it is known.
    mutating func prepareViews(_ events: [BackendEvent]) -> [BackendEvent] {
        events.map { event in
            guard case .item(var item) = event, item.contentType == ConnectItemMapper.interactiveType,
                let reference = ConnectView.reference(in: item.text)
            else { return event }
            if let done = views.rendered[item.id] {
                item.show(form: done.form, actions: done.actions)
            } else {
                views.pending[item.id] = PendingView(token: reference.token, data: reference.data)
                item.show(form: ChatForm(intro: Self.viewPlaceholder, isLoaded: false), actions: [])
            }
            return .item(item)
        }
    }

    /// In a transcript page, a picker or form followed by a message of ours was answered by it (the
    /// answer to a pick is that message): shown answered, as it was before a reload or a restart.
    func markAnsweredPickers(_ events: [BackendEvent]) -> [BackendEvent] {
        var out = events
        var open: Int?
        for index in out.indices {
            guard case .item(let item) = out[index], case .message = item.kind else { continue }
            if item.sender.role == role {
                if let picker = open, case .item(var answered) = out[picker] {
                    answered.answer = item.text
                    out[picker] = .item(answered)
                }
                open = nil
            } else if item.isOpenForPicking || item.form != nil {
                open = index
            }
        }
        return out
    }

    /// True for a view message whose view has not been fetched yet.
    public func needsView(_ item: ChatItem) -> Bool {
        views.pending[item.id] != nil && views.rendered[item.id] == nil
    }

    /// DescribeView's answer, rendered as a form (a failure is shown in the message by the core).
    mutating func viewAnswered(_ itemId: String, _ result: HTTPResult) -> WireOutput {
        guard let pending = views.pending[itemId] else { return .failed(.protocolViolation("no view was asked for")) }
        switch ConnectErrors.decode(result, "DescribeView", as: DescribeViewResponse.self) {
        case .success(let reply):
            let view = ConnectView(
                name: reply.view?.name ?? "Form", template: reply.view?.content?.template ?? "{}",
                inputSchema: reply.view?.content?.inputSchema ?? "{}", actions: reply.view?.content?.actions ?? [])
            let rendered = RenderedView(form: view.form(data: pending.data), actions: view.actions)
            views.rendered[itemId] = rendered
            views.pending[itemId] = nil
            return .done(.view(itemId: itemId, form: rendered.form, actions: rendered.actions))
        case .failure(let error):
            views.pending[itemId] = nil
            return .failed(error)
        }
    }

    /// The view's action with the fields filled in, as an `interactive.response`.
    public func formReply(action: String, form: ChatForm) -> ChoiceReply? {
        InteractiveReply.viewAction(action, form: form)
    }

    /// Text typed while a view waits, wrapped as the official widget wraps it (action `" "`).
    public func formTextReply(_ text: String, form: ChatForm) -> ChoiceReply? {
        InteractiveReply.viewText(text)
    }
}

/// A view message waiting for DescribeView: its token and the data to fill in.
struct PendingView: Sendable, Hashable {
    var token: String
    var data: [String: JSONValue]

    init(token: String, data: [String: JSONValue]) {
        self.token = token
        self.data = data
    }
}

/// A fetched view: its form as the flow filled it in, and its actions.
struct RenderedView: Sendable, Hashable {
    var form: ChatForm
    var actions: [String]
}

/// The views of a chat: waiting for DescribeView, or rendered (by item id).
struct ViewBook: Sendable, Hashable {
    var pending: [String: PendingView] = [:]
    var rendered: [String: RenderedView] = [:]
}
