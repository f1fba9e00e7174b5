import ChatEngine
import ChatModel
import Foundation

/// ViewResource messages (spec §3.6): shown as "loading" at once, then completed with DescribeView
/// into a ``ChatForm`` whose actions are the item's choices, answered with an `interactive.response`.
extension ConnectBackend: ItemEnriching, FormReplying {
    /// What a view message shows until DescribeView answers.
    static let viewPlaceholder = "**A form from the contact center** _(loading…)_"

    /// Replaces the raw JSON of view messages with the rendered view, or a placeholder until it is known.
    func prepareViews(_ events: [BackendEvent]) -> [BackendEvent] {
        events.map { event in
            guard case .item(var item) = event, item.contentType == ConnectItemMapper.interactiveType,
                let reference = ConnectView.reference(in: item.text)
            else { return event }
            let rendered = views.withLock { views -> RenderedView? in
                if let done = views.rendered[item.id] { return done }
                views.pending[item.id] = PendingView(token: reference.token, data: reference.data)
                return nil
            }
            let view = rendered ?? RenderedView(form: ChatForm(intro: Self.viewPlaceholder, isLoaded: false), actions: [])
            view.apply(to: &item)
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
                    answered.markAnswered(with: item.text)
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
    public func needsEnrichment(_ item: ChatItem) -> Bool {
        views.withLock { $0.pending[item.id] != nil && $0.rendered[item.id] == nil }
    }

    /// Fetches the view with DescribeView and renders it; a failure is shown in the message.
    public func enrich(_ item: ChatItem) async -> ChatItem? {
        guard let pending = views.withLock({ $0.pending[item.id] }) else { return nil }
        var done = item
        let rendered: RenderedView
        do {
            let encoded = pending.token.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? pending.token
            let reply = try await client.get(
                "/participant/views/\(encoded)", token: try connectionToken(), as: DescribeViewResponse.self)
            let view = ConnectView(
                name: reply.view?.name ?? "Form", template: reply.view?.content?.template ?? "{}",
                inputSchema: reply.view?.content?.inputSchema ?? "{}", actions: reply.view?.content?.actions ?? [])
            rendered = RenderedView(form: view.form(data: pending.data.value), actions: view.actions)
        } catch {
            let reason = (error as? BackendError)?.description ?? "\(error)"
            rendered = RenderedView(
                form: ChatForm(intro: "**A form from the contact center** _(it could not be loaded: \(reason))_"),
                actions: [])
        }
        rendered.apply(to: &done)
        views.withLock {
            $0.rendered[item.id] = rendered
            $0.pending[item.id] = nil
        }
        return done
    }

    /// The view's action with the fields filled in, as an `interactive.response`.
    public func formReply(action: String, form: ChatForm) -> ChoiceReply {
        InteractiveReply.viewAction(action, form: form)
    }

    /// Text typed while a view waits, wrapped as the official widget wraps it (action `" "`).
    public func formTextReply(_ text: String, form: ChatForm) -> ChoiceReply {
        InteractiveReply.viewText(text)
    }
}

/// A view message waiting for DescribeView: its token and the data to fill in.
struct PendingView: Sendable {
    var token: String
    var data: ViewData

    init(token: String, data: [String: Any]) {
        self.token = token
        self.data = ViewData(value: data)
    }
}

/// JSON view data (plain JSON values only, hence safe to share).
struct ViewData: @unchecked Sendable {
    let value: [String: Any]
}

/// A fetched view: its form as the flow filled it in, and its actions.
struct RenderedView: Sendable {
    var form: ChatForm
    var actions: [String]

    /// Shows the view in `item`: markdown text, the form, the actions as choices.
    func apply(to item: inout ChatItem) {
        item.text = form.markdown(actions: actions)
        item.contentType = "text/markdown"
        item.form = form
        item.choices = actions.isEmpty ? nil : actions
        item.choiceReplies = nil
    }
}

/// The views of a chat: waiting for DescribeView, or rendered (by item id).
struct ViewBook: Sendable {
    var pending: [String: PendingView] = [:]
    var rendered: [String: RenderedView] = [:]
}
