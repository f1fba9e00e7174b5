import ChatModel
import Foundation
import SessionCore
import Transport

/// What the live ports report back: answers, progress, socket events and wake-ups, each handed to
/// the driver (which drops what is stale).
extension ChatSession {
    /// A call ended: its task is done; the driver hands the answer to the core if the call is still pending.
    func answered(_ id: RequestID, _ input: SessionInput) {
        network.ended(id)
        feed(input)
    }

    /// A transfer's progress; the driver lets it through only while the transfer runs and only forward
    /// (each report arrives in a task of its own, and a late one would move the bar back).
    func progressed(_ id: RequestID, bytes: Int64) {
        feed(.progress(id, bytes: bytes))
    }

    /// Something happened on a socket; the driver drops it unless the socket is still held.
    func socket(_ id: SocketID, _ event: SocketEvent, arrived: ContinuousClock.Instant) {
        switch event {
        case .opened: feed(.socketOpened(id))
        case .frame(let text):
            outlet.frameArrival = arrived
            feed(.socketFrame(id, text))
            outlet.frameArrival = nil
        case .skippedOversized(let bytes):
            feed(.socketSkippedOversized(id, bytes: bytes))
        case .closed(let close):
            feed(.socketClosed(id, close))
        }
    }

    /// A wake-up came; the driver fires the timer if `token` is still its current one.
    func timerFired(_ key: TimerKey, token: Int) {
        let ports = ports
        driver.timerFired(key, token: token, now: configuration.now(), ports: ports)
        releaseWaitersIfTerminal()
    }
}
