import ChatModel
import Foundation

/// Why one connection ended: the error to report and, when the socket itself ended, how.
struct ConnectionEnd: Sendable {
    /// The classified failure (used by the backoff when nothing more specific applies).
    var failure: BackendError
    /// How the socket ended; nil when the engine ended it itself or never got to open one.
    var close: SocketClose?
}

extension ChatSession {
    /// New sessions allowed in a row before giving up (spec: the fourth trigger fails).
    static let renewalBudget = 3

    /// What follows a connection that ended: the protocol's reading of the close when it has one,
    /// else the usual backoff. Backends that do not adopt ``ChatBackendTuning`` always reconnect.
    func nextAction(after end: ConnectionEnd) async -> ConnectionStateMachine.Action {
        if endedByServer || machine.state == .closing {
            return machine.ended(reason: endedByServer ? "the chat has ended" : "you ended the chat")
        }
        let now = configuration.now()
        guard !machine.isSuspended, let close = end.close, let tuning = backend as? any ChatBackendTuning else {
            return machine.lost(end.failure, now: now, randomUnit: configuration.random())
        }
        let disposition = tuning.closeDisposition(close)
        logger.info("socket ended (\(close)): \(disposition)")
        switch disposition {
        case .endChat:
            for event in tuning.eventsOnClosedChat() { handle(event, live: false) }
            failUnsent(because: "the chat has ended")
            return machine.ended(reason: "the chat has ended")
        case .replaced:
            return machine.failed(reason: "another client took over this chat; /retry takes it back")
        case .newSession:
            return await renew(tuning, after: end.failure)
        case .reconnectAfter(let delay):
            let action = machine.lost(end.failure, now: now, randomUnit: configuration.random())
            // Before the first open, the engine's fail-fast backoff applies.
            guard case .wait = action, machine.hasOpened else { return action }
            return machine.overrideDelay(delay, now: now)
        case .reconnect:
            return machine.lost(end.failure, now: now, randomUnit: configuration.random())
        }
    }

    /// Replaces a session the server forgot, then connects at once; gives up after the budget.
    private func renew(_ tuning: any ChatBackendTuning, after failure: BackendError) async -> ConnectionStateMachine.Action {
        renewalsInARow += 1
        guard renewalsInARow <= Self.renewalBudget else {
            return machine.failed(
                reason: "the session expired: the server refused \(Self.renewalBudget) new sessions in a row (\(failure)); /retry to try again")
        }
        logger.info("the server no longer knows the session; starting a new one (\(renewalsInARow) of \(Self.renewalBudget))")
        do {
            let renewed = try await tuning.renewSession()
            info = renewed
            hub.publish(.sessionInfo(renewed))
        } catch {
            return machine.lost(Self.classify(error), now: configuration.now(), randomUnit: configuration.random())
        }
        hub.publish(.notice("The server no longer knew this chat, so a new one was started; unsent messages go there."))
        return machine.renewed()
    }

    /// Marks every unsent message failed when the chat can no longer carry it, and says so once.
    func failUnsent(because reason: String) {
        let entries = outbox.entries.filter { !$0.failed }
        guard !entries.isEmpty else { return }
        for entry in entries {
            outbox.fail(localId: entry.localId)
            if let item = store.setDelivery(localId: entry.localId, .failed) { hub.publish(.itemUpdated(item)) }
        }
        outboxChanged()
        let count = entries.count == 1 ? "1 message was" : "\(entries.count) messages were"
        hub.publish(.notice("\(count) not delivered: \(reason)."))
    }
}
