import ChatModel
import Foundation
import Synchronization

/// An event and when it arrived.
struct Arrival: Sendable {
    /// The event.
    var event: ChatEvent
    /// When the pump received it.
    var time: ContinuousClock.Instant
}

/// Buffers a session's events so steps can take them one at a time with a time limit.
///
/// A lock, not an actor: the pump hands an event straight to a waiting step, without a hop
/// through the executor that thousands of chats in a load run share.
final class EventInbox: Sendable {
    private struct State {
        var buffer: [Arrival] = []
        var head = 0
        var finished = false
        var waiter: (id: Int, continuation: CheckedContinuation<Arrival?, Never>)?
        var nextWaiterId = 0
        /// Our own attachments in their latest form, by local id (for `attach`).
        var ownAttachments: [String: ChatItem] = [:]

        mutating func takeFirst() -> Arrival? {
            guard head < buffer.count else { return nil }
            let first = buffer[head]
            head += 1
            if head > 64, head * 2 > buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            return first
        }
    }

    private let state = Mutex(State())

    /// Our own attachment with local id `localId`, in its latest form.
    func ownAttachment(_ localId: String) -> ChatItem? {
        state.withLock { $0.ownAttachments[localId] }
    }

    /// Adds an event (called by the pump task); a terminal connection state ends the stream.
    func append(_ event: ChatEvent) {
        let arrival = Arrival(event: event, time: .now)
        let woken = state.withLock { state -> CheckedContinuation<Arrival?, Never>? in
            if case .transcript(let update) = event, let item = update.item, item.attachment != nil, let localId = item.localId {
                state.ownAttachments[localId] = item
            }
            guard let current = state.waiter else {
                state.buffer.append(arrival)
                return nil
            }
            state.waiter = nil
            return current.continuation
        }
        woken?.resume(returning: arrival)
        if case .connection(let connection) = event, connection.isTerminal { finish() }
    }

    /// Marks the stream as over: waiting steps get `nil` once the buffer is empty.
    func finish() {
        let woken = state.withLock { state -> CheckedContinuation<Arrival?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        woken?.resume(returning: nil)
    }

    /// The next event, or `nil` when the stream is over, `timeout` passed first or the task was
    /// cancelled (an interrupted run).
    func next(timeout: Duration) async -> Arrival? {
        enum Ready {
            case event(Arrival)
            case over
            case wait(Int)
        }
        let ready = state.withLock { state -> Ready in
            if let first = state.takeFirst() { return .event(first) }
            if state.finished || Task.isCancelled { return .over }
            state.nextWaiterId += 1
            return .wait(state.nextWaiterId)
        }
        let id: Int
        switch ready {
        case .event(let arrival): return arrival
        case .over: return nil
        case .wait(let waiterId): id = waiterId
        }
        let deadline = ContinuousClock.now + timeout
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.expire(id)
        }
        let event = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // An event, the end, the timer or a cancel may have come between the check above and now.
                let immediate = state.withLock { state -> Arrival?? in
                    if let first = state.takeFirst() { return .some(first) }
                    if state.finished || Task.isCancelled || ContinuousClock.now >= deadline { return .some(nil) }
                    state.waiter = (id, continuation)
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            timer.cancel()
            self.expire(id)
        }
        timer.cancel()
        return event
    }

    private func expire(_ id: Int) {
        let woken = state.withLock { state -> CheckedContinuation<Arrival?, Never>? in
            guard let current = state.waiter, current.id == id else { return nil }
            state.waiter = nil
            return current.continuation
        }
        woken?.resume(returning: nil)
    }
}
