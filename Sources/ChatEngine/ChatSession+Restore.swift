import ChatModel
import Foundation

extension ChatSession {
    /// Sends the messages a previous run left unsent, before going live.
    ///
    /// Each keeps its client token, so the server answers a message it already has with the
    /// existing id; such a message is already in the loaded transcript and is not shown again.
    func deliverRestored() async {
        let entries = restoredOutbox
        restoredOutbox = []
        let me = info?.me ?? Participant(name: "You", role: .customer)
        for entry in entries {
            let message = OutgoingMessage(
                localId: entry.localId, clientToken: entry.clientToken, text: entry.text, contentType: entry.contentType)
            var ack: SendAck?
            do {
                ack = try await backend.send(message, socket: socket)
            } catch {
                logger.info("a restored message could not be sent yet: \(Self.classify(error))")
            }
            if case .accepted(let id, _) = ack, store.contains(id: id) {
                continue
            }
            let pending = ChatItem(
                id: entry.localId, localId: entry.localId, time: entry.createdAt, sender: me, kind: .message,
                contentType: entry.display == nil ? entry.contentType : "text/plain", text: entry.display ?? entry.text,
                delivery: .pending)
            hub.publish(.item(store.addPending(pending)))
            if case .accepted(let id, let time) = ack {
                if let item = store.acknowledge(localId: entry.localId, id: id, time: time) {
                    hub.publish(.itemUpdated(item))
                }
            } else {
                outbox.append(entry)
            }
        }
        outboxChanged()
    }

    /// Tells the persistence hook what is unsent now.
    func outboxChanged() {
        configuration.onOutboxChange?(outbox.entries + restoredOutbox)
    }
}
