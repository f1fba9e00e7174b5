import ChatEngine
import ChatModel
import Foundation

/// ViewResource messages (spec §3.6): shown as "loading" at once, then completed with DescribeView.
extension ConnectBackend: ItemEnriching {
    /// What a view message shows until DescribeView answers.
    static let viewPlaceholder = "**A form from the contact center** _(loading…)_"

    /// Replaces the raw JSON of view messages with the rendered view, or a placeholder until it is known.
    func prepareViews(_ events: [BackendEvent]) -> [BackendEvent] {
        events.map { event in
            guard case .item(var item) = event, item.contentType == ConnectItemMapper.interactiveType,
                let reference = ConnectView.reference(in: item.text)
            else { return event }
            let rendered = views.withLock { views -> String? in
                if let done = views.rendered[item.id] { return done }
                views.pending[item.id] = PendingView(token: reference.token, data: reference.data)
                return nil
            }
            item.text = rendered ?? Self.viewPlaceholder
            item.contentType = "text/markdown"
            return .item(item)
        }
    }

    /// True for a view message whose view has not been fetched yet.
    public func needsEnrichment(_ item: ChatItem) -> Bool {
        views.withLock { $0.pending[item.id] != nil && $0.rendered[item.id] == nil }
    }

    /// Fetches the view with DescribeView and renders it; a failure is shown in the message.
    public func enrich(_ item: ChatItem) async -> ChatItem? {
        guard let pending = views.withLock({ $0.pending[item.id] }) else { return nil }
        var done = item
        do {
            let encoded = pending.token.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? pending.token
            let reply = try await client.get(
                "/participant/views/\(encoded)", token: try connectionToken(), as: DescribeViewResponse.self)
            let view = ConnectView(
                name: reply.view?.name ?? "Form", template: reply.view?.content?.template ?? "{}",
                inputSchema: reply.view?.content?.inputSchema ?? "{}", actions: reply.view?.content?.actions ?? [])
            done.text = view.markdown(data: pending.data.value)
        } catch {
            done.text = "**A form from the contact center** _(it could not be loaded: \((error as? BackendError)?.description ?? "\(error)"))_"
        }
        done.contentType = "text/markdown"
        views.withLock {
            $0.rendered[item.id] = done.text
            $0.pending[item.id] = nil
        }
        return done
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

/// The views of a chat: waiting for DescribeView, or rendered (by item id).
struct ViewBook: Sendable {
    var pending: [String: PendingView] = [:]
    var rendered: [String: String] = [:]
}
