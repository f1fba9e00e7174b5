import ChatModel
import Foundation

extension ChatSession {
    /// Schedules a `delivered` receipt for a message from someone else of this session that just arrived.
    func noteArrival(_ item: ChatItem) {
        enrichIfNeeded(item)
        guard acknowledges(item) else { return }
        schedule(receipts.delivered(item.id, at: configuration.now()))
    }

    /// Schedules a `read` receipt: the front end says the message is on screen and seen.
    public func markSeen(_ messageId: String) {
        guard let item = store.item(id: messageId), acknowledges(item) else { return }
        schedule(receipts.read(messageId, at: configuration.now()))
    }

    /// Receipts go only for live messages and attachments from the other side (a customer acknowledges
    /// agents and bots; an agent console acknowledges the customer), while the chat is on.
    private func acknowledges(_ item: ChatItem) -> Bool {
        guard configuration.sendsReceipts, !item.isOwn, !item.isHistory, !machine.state.isTerminal,
            !isMe(item.sender), item.sender.role != (info?.me.role ?? .customer)
        else { return false }
        switch item.kind {
        case .message: return !item.text.isEmpty
        case .attachment: return true
        case .event: return false
        }
    }

    private func schedule(_ due: Date?) {
        guard let due else { return }
        let wait = max(0, due.timeIntervalSince(configuration.now()))
        let sleep = configuration.sleep
        Task {
            try? await sleep(.milliseconds(Int64((wait * 1000).rounded(.up))))
            await self.flushReceipts()
        }
    }

    /// Sends the receipts whose window has closed; a 409 (supervisor present) is ignored quietly.
    func flushReceipts() async {
        guard !machine.state.isTerminal else { return }
        let now = configuration.now()
        if let due = receipts.dueAt, due > now {
            schedule(due)  // woke a little early: try again at the window's end
            return
        }
        for receipt in receipts.due(at: now) {
            do {
                try await backend.sendReceipt(messageId: receipt.messageId, read: receipt.read, socket: socket)
            } catch BackendError.rejected(status: 409, _, _) {
                logger.debug("receipt refused with 409 (a supervisor is present); ignored")
            } catch {
                logger.info("receipt not sent: \(Self.classify(error))")
            }
        }
    }
}
