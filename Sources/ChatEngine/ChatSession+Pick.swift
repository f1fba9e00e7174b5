import ChatModel
import Foundation

extension ChatSession {
    /// Answers the newest open picker (quick reply, list picker, suggestions) with choice `index`.
    ///
    /// The choice's text is sent as an ordinary message — what the official clients send for a
    /// tap — and the picker is marked answered so it cannot be picked again.
    public func pick(_ index: Int) async {
        guard let item = store.items.last(where: { $0.isOpenForPicking && !$0.isOwn }), let choices = item.choices else {
            hub.publish(.notice("There is nothing to pick from."))
            return
        }
        guard (1...choices.count).contains(index) else {
            hub.publish(.notice("Pick a number from 1 to \(choices.count)."))
            return
        }
        let choice = choices[index - 1]
        if let answered = store.answer(id: item.id, with: choice) { hub.publish(.itemUpdated(answered)) }
        await send(choice)
    }
}
