import ChatModel
import Foundation

/// An event and when it arrived.
struct Arrival: Sendable {
    /// The event.
    var event: ChatEvent
    /// When the pump received it.
    var time: ContinuousClock.Instant
}

/// Buffers a session's events so steps can take them one at a time with a time limit.
actor EventInbox {
    private var buffer: [Arrival] = []
    private var finished = false
    private var waiter: (id: Int, continuation: CheckedContinuation<Arrival?, Never>)?
    private var nextWaiterId = 0
    /// Our own attachments in their latest form, by local id (for `attach`).
    private(set) var ownAttachments: [String: ChatItem] = [:]

    /// Adds an event (called by the pump task); a terminal connection state ends the stream.
    func append(_ event: ChatEvent) {
        if case .transcript(let update) = event, let item = update.item, item.attachment != nil, let localId = item.localId {
            ownAttachments[localId] = item
        }
        let arrival = Arrival(event: event, time: .now)
        if let current = waiter {
            waiter = nil
            current.continuation.resume(returning: arrival)
        } else {
            buffer.append(arrival)
        }
        if case .connection(let state) = event, state.isTerminal { finish() }
    }

    /// Marks the stream as over: waiting steps get `nil` once the buffer is empty.
    func finish() {
        finished = true
        if let current = waiter {
            waiter = nil
            current.continuation.resume(returning: nil)
        }
    }

    /// The next event, or `nil` when the stream is over, `timeout` passed first or the task was
    /// cancelled (an interrupted run).
    func next(timeout: Duration) async -> Arrival? {
        if !buffer.isEmpty { return buffer.removeFirst() }
        if finished || Task.isCancelled { return nil }
        nextWaiterId += 1
        let id = nextWaiterId
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        }
        let event = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter = (id, continuation)
            }
        } onCancel: {
            timer.cancel()
            Task { await self.expire(id) }
        }
        timer.cancel()
        return event
    }

    private func expire(_ id: Int) {
        guard let current = waiter, current.id == id else { return }
        waiter = nil
        current.continuation.resume(returning: nil)
    }
}
