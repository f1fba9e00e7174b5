import ChatModel
import Foundation

/// Where finished operations and fired timers go.
extension SessionCore {
    /// An operation finished: its purpose goes on.
    mutating func finished(_ purpose: Purpose, _ result: Result<WireResult, BackendError>) {
        switch purpose {
        case .start: started(result)
        case .renew: renewed(result)
        case .connect: connected(result)
        case .send(let localId): sendFinished(localId, result)
        case .typing:
            typingInFlight = false
            if case .failure(let error) = result { log(.debug, "typing notice failed: \(error)") }
        case .receipt:
            if case .failure(let error) = result {
                if case .rejected(409, _, _) = error {
                    log(.debug, "receipt refused with 409 (a supervisor is present); ignored")
                } else {
                    log(.info, "receipt not sent: \(error)")
                }
            }
        case .backfill(let request): backfilled(request, result)
        case .older: olderLoaded(result)
        case .reload: reloaded(result)
        case .end: endSent(result)
        case .upload(let localId): uploadFinished(localId, result)
        case .downloadURL(let attachmentId, let directory): downloadURLReady(attachmentId, directory: directory, result)
        case .download: break
        case .view(let itemId): viewLoaded(itemId, result)
        case .authenticationLink(let sessionId): authenticationLinkArrived(sessionId, result)
        case .cancelAuthentication(let sessionId): authenticationCancelSent(sessionId, result)
        }
    }

    /// A timer fired.
    mutating func fired(_ key: TimerKey) {
        switch key {
        case .reconnect: reconnectDue()
        case .heartbeat: heartbeatDue()
        case .heartbeatGrace: heartbeatGraceOver()
        case .subscribe: subscriptionLate()
        case .sendRetry: sendRetryDue()
        case .echoWait: echoLate()
        case .receipts: receiptsDue()
        case .endGrace: endGraceOver()
        case .endFlush: endFlushTimedOut()
        case .diagnostics:
            if diagnostics.trailingSnapshotDue() { publishDiagnostics() }
        case .operation(let key):
            if let waiting = calls.retry(key) { begin(waiting.purpose, waiting.operation) }
        case .wire(let name):
            guard let id = socket.id, socket.isOpen else { return }
            for frame in wire.timerFired(name, now: now) { write(frame, on: id) }
        case .authenticationLink: authenticationLinkExpired()
        }
    }
}
